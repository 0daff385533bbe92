import type { ChainedCommands, Editor } from "@tiptap/react";
import {
  Bold,
  Code,
  ImagePlus,
  Info,
  Italic,
  Link2,
  List,
  ListChecks,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Table as TableIcon,
  TriangleAlert,
  Underline,
  Undo2,
  Video,
} from "lucide-react";

/** Where the key lives on this machine, for the shortcut hints. */
const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";

/** What a tool may do beyond the editor's own commands: the toolbar's host owns the image upload. */
export interface ToolbarHost {
  pickImage: () => void;
}

/** One button of the formatting toolbar. */
export interface Tool {
  label: string;
  icon: LucideIcon;
  /** The shortcut as shown in the tooltip. */
  shortcut?: string;
  /** aria-keyshortcuts, where it is not the shown shortcut with ⌘ spelled "Meta+". */
  keyshortcuts?: string;
  /** The tooltip, where it is not the label and the shortcut. */
  title?: string;
  /** Pressed (aria-pressed) while this is true; a tool without it is no toggle. */
  active?: (editor: Editor) => boolean;
  /** Greyed out (aria-disabled) while this is false. */
  enabled?: (editor: Editor) => boolean;
  /** What a click does; a tool without it opens its address popover (`popover`). */
  run?: (editor: Editor, host: ToolbarHost) => void;
  popover?: "link" | "video";
}

/** A mark or block that one command toggles, pressed while the selection has it. */
function toggle(
  label: string,
  icon: LucideIcon,
  command: (chain: ChainedCommands) => ChainedCommands,
  activeWhen: [name: string, attributes?: Record<string, unknown>],
  shortcut?: string,
): Tool {
  return {
    label,
    icon,
    shortcut: shortcut && `${MOD}${shortcut}`,
    active: (editor) => editor.isActive(...activeWhen),
    run: (editor) => command(editor.chain().focus()).run(),
  };
}

const UNDO_REDO: Tool[] = [
  {
    label: "Undo",
    icon: Undo2,
    shortcut: `${MOD}Z`,
    keyshortcuts: "Control+Z",
    enabled: (editor) => editor.can().undo(),
    run: (editor) => editor.chain().focus().undo().run(),
  },
  {
    label: "Redo",
    icon: Redo2,
    shortcut: `${MOD}Shift+Z`,
    keyshortcuts: "Control+Shift+Z",
    enabled: (editor) => editor.can().redo(),
    run: (editor) => editor.chain().focus().redo().run(),
  },
];

const MARKS: Tool[] = [
  toggle("Bold", Bold, (chain) => chain.toggleBold(), ["bold"], "B"),
  toggle("Italic", Italic, (chain) => chain.toggleItalic(), ["italic"], "I"),
  toggle("Underline", Underline, (chain) => chain.toggleUnderline(), ["underline"], "U"),
  toggle("Strikethrough", Strikethrough, (chain) => chain.toggleStrike(), ["strike"], "Shift+S"),
  toggle("Inline code", Code, (chain) => chain.toggleCode(), ["code"], "E"),
  {
    label: "Link",
    icon: Link2,
    shortcut: `${MOD}K`,
    keyshortcuts: "Control+K",
    active: (editor) => editor.isActive("link"),
    popover: "link",
  },
];

const BLOCKS: Tool[] = [
  toggle("Bulleted list", List, (chain) => chain.toggleBulletList(), ["bulletList"], "Shift+8"),
  toggle("Numbered list", ListOrdered, (chain) => chain.toggleOrderedList(), ["orderedList"], "Shift+7"),
  toggle("Checklist", ListChecks, (chain) => chain.toggleTaskList(), ["taskList"], "Shift+9"),
  toggle("Quote", Quote, (chain) => chain.toggleBlockquote(), ["blockquote"], "Shift+B"),
  toggle("Note", Info, (chain) => chain.toggleCallout("note"), ["callout", { kind: "note" }]),
  toggle("Warning", TriangleAlert, (chain) => chain.toggleCallout("warning"), ["callout", { kind: "warning" }]),
  toggle("Code block", SquareCode, (chain) => chain.toggleCodeBlock(), ["codeBlock"], "Alt+C"),
  { label: "Horizontal line", icon: Minus, run: (editor) => editor.chain().focus().setHorizontalRule().run() },
  toggle("Table", TableIcon, (chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }), ["table"]),
];

const MEDIA: Tool[] = [
  { label: "Image", icon: ImagePlus, title: "Image (or paste or drop one)", run: (_editor, host) => host.pickImage() },
  { label: "Video", icon: Video, title: "Video (YouTube, Vimeo, Loom, Wistia)", popover: "video" },
];

/** The text style menu (paragraph or a heading level), which is a select rather than a button. */
export const TEXT_STYLE = "text-style";

/** The toolbar from left to right, in groups with a thin line between them. */
export const TOOL_GROUPS: ReadonlyArray<ReadonlyArray<Tool | typeof TEXT_STYLE>> = [
  UNDO_REDO,
  [TEXT_STYLE],
  MARKS,
  BLOCKS,
  MEDIA,
];

export const TOOLS: readonly Tool[] = TOOL_GROUPS.flat().filter((item): item is Tool => item !== TEXT_STYLE);

export function tooltipOf(tool: Tool): string {
  return tool.title ?? (tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label);
}

export function keyshortcutsOf(tool: Tool): string | undefined {
  return tool.keyshortcuts ?? tool.shortcut?.replace("⌘", "Meta+");
}
