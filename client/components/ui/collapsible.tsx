import { Collapsible as CollapsiblePrimitive } from "radix-ui";

/*
 * Radix Collapsible: the trigger is a button carrying aria-expanded and aria-controls for the content,
 * which is unmounted while closed. Style the trigger (it is usually a design-system Button via asChild).
 */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;
