/**
 * The one way the app raises a notification. Features import `toast` from here rather than from sonner
 * so that the toaster's configuration (components/ui/toaster.tsx) and every caller stay in step.
 */
export { toast } from "sonner";
