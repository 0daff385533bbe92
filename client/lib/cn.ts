/**
 * Joins class names, skipping falsy ones. It does not resolve Tailwind conflicts (no tailwind-merge in
 * the stack): a className passed to a design-system component should add utilities (margin, width),
 * not contradict the component's own (padding, font size, flex direction), whose winner would depend
 * on stylesheet order.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
