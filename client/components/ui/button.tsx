import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";
import { Spinner } from "./spinner.js";

const BUTTON_VARIANTS = ["primary", "secondary", "destructive", "outline", "ghost", "link"] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

const BUTTON_SIZES = ["sm", "md", "lg", "icon", "icon-sm", "icon-md", "icon-lg"] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 " +
  "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 " +
  "[&_svg]:pointer-events-none [&_svg]:shrink-0";

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800",
  secondary: "bg-brand-50 text-brand-700 hover:bg-brand-100 active:bg-brand-200",
  destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-600",
  outline: "border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50 hover:border-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  link: "text-brand-600 underline-offset-4 hover:underline hover:text-brand-700",
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm [&_svg]:size-4",
  md: "h-10 px-4 text-sm [&_svg]:size-4",
  lg: "h-12 px-6 text-base [&_svg]:size-5",
  icon: "size-10 [&_svg]:size-5",
  "icon-sm": "size-8 [&_svg]:size-4",
  "icon-md": "size-10 [&_svg]:size-5",
  "icon-lg": "size-12 [&_svg]:size-6",
};

/** The class list of a button, for elements that must look like one without being a <Button>. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  // A link-styled button keeps text metrics: no fixed height or padding.
  const sizeClass = variant === "link" ? "h-auto px-0 text-sm" : SIZE_CLASSES[size];
  return cn(BASE, VARIANT_CLASSES[variant], sizeClass, className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
  /**
   * Shows a spinner before the label and refuses clicks while an action runs. The button stays
   * focusable (aria-disabled rather than disabled): a disabled button drops keyboard focus to <body>.
   */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  asChild = false,
  loading = false,
  className,
  type,
  disabled,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} onClick={onClick} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    // A button inside a form must not submit it by accident: "button" unless the caller says otherwise.
    <button
      type={type ?? "button"}
      className={classes}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // Also cancels a form's submission by Enter, which arrives as a click on its submit button.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
