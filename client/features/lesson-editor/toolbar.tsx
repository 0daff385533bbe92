import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
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
import { type KeyboardEvent, useRef, useState } from "react";
import { embedUrlFor } from "#shared/video-embed.js";
import { TableTools } from "./table-tools.js";
import { Separator } from "./toolbar-parts.js";
import { UrlPopover } from "./url-popover.js";

export const TOOL_CLASS =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 " +
  "aria-pressed:bg-brand-100 aria-pressed:text-brand-800 aria-disabled:opacity-40 [&_svg]:size-4";

/** Where the key lives on this machine, for the shortcut hints. */
const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";

interface Tool {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const MARKS: Tool[] = [
  {
    label: "Bold",
    shortcut: `${MOD}B`,
    icon: Bold,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Italic",
    shortcut: `${MOD}I`,
    icon: Italic,
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Underline",
    shortcut: `${MOD}U`,
    icon: Underline,
    active: (e) => e.isActive("underline"),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: "Strikethrough",
    shortcut: `${MOD}Shift+S`,
    icon: Strikethrough,
    active: (e) => e.isActive("strike"),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    label: "Inline code",
    shortcut: `${MOD}E`,
    icon: Code,
    active: (e) => e.isActive("code"),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
];

const BLOCKS: Tool[] = [
  {
    label: "Bulleted list",
    shortcut: `${MOD}Shift+8`,
    icon: List,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Numbered list",
    shortcut: `${MOD}Shift+7`,
    icon: ListOrdered,
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Checklist",
    shortcut: `${MOD}Shift+9`,
    icon: ListChecks,
    active: (e) => e.isActive("taskList"),
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    label: "Quote",
    shortcut: `${MOD}Shift+B`,
    icon: Quote,
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: "Note",
    icon: Info,
    active: (e) => e.isActive("callout", { kind: "note" }),
    run: (e) => e.chain().focus().toggleCallout("note").run(),
  },
  {
    label: "Warning",
    icon: TriangleAlert,
    active: (e) => e.isActive("callout", { kind: "warning" }),
    run: (e) => e.chain().focus().toggleCallout("warning").run(),
  },
  {
    label: "Code block",
    shortcut: `${MOD}Alt+C`,
    icon: SquareCode,
    active: (e) => e.isActive("codeBlock"),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  { label: "Horizontal line", icon: Minus, run: (e) => e.chain().focus().setHorizontalRule().run() },
  {
    label: "Table",
    icon: TableIcon,
    active: (e) => e.isActive("table"),
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
];

const TEXT_STYLES = [
  { value: "paragraph", label: "Paragraph" },
  { value: "1", label: "Heading 1" },
  { value: "2", label: "Heading 2" },
  { value: "3", label: "Heading 3" },
  { value: "4", label: "Heading 4" },
] as const;

function textStyleOf(editor: Editor): string {
  for (const level of [1, 2, 3, 4] as const) if (editor.isActive("heading", { level })) return String(level);
  return "paragraph";
}

function ToolButton({ editor, tool, pressed }: { editor: Editor; tool: Tool; pressed: boolean | undefined }) {
  const Icon = tool.icon;
  return (
    <button
      type="button"
      data-tool
      tabIndex={-1}
      className={TOOL_CLASS}
      aria-label={tool.label}
      aria-pressed={pressed}
      aria-keyshortcuts={tool.shortcut?.replace("⌘", "Meta+")}
      title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
      onClick={() => tool.run(editor)}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}

/**
 * One tab stop for the whole toolbar (WAI-ARIA toolbar pattern): the arrow keys, Home and End move between
 * its controls, Tab leaves it. Alt+F10 in the text comes here (rich-text-editor.tsx).
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key) || (event.target as HTMLElement).tagName === "SELECT") return;
  if ((event.target as HTMLElement).closest("[data-radix-popper-content-wrapper]")) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("[data-tool]"));
  const at = items.indexOf(event.target as HTMLElement);
  if (at === -1) return;
  event.preventDefault();
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? items.length - 1
        : (at + (event.key === "ArrowRight" ? 1 : -1) + items.length) % items.length;
  for (const item of items) item.tabIndex = -1;
  const target = items[next];
  if (target) {
    target.tabIndex = 0;
    target.focus();
  }
}

export interface ToolbarProps {
  editor: Editor;
  /** Opens the file picker for an image (rich-text-editor.tsx owns the upload). */
  onPickImage: () => void;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
}

export function Toolbar({ editor, onPickImage, linkOpen, onLinkOpenChange }: ToolbarProps) {
  const [videoOpen, setVideoOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: [...MARKS, ...BLOCKS].map((tool) => tool.active?.(current)),
      textStyle: textStyleOf(current),
      link: current.isActive("link"),
      href: String(current.getAttributes("link").href ?? ""),
      inTable: current.isActive("table"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const activeOf = (index: number) => (state.active[index] === undefined ? undefined : Boolean(state.active[index]));

  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      // The first control takes the tab stop; each control is tabIndex -1 until arrowed to.
      onFocus={(event) => {
        if (event.target === event.currentTarget) rootRef.current?.querySelector<HTMLElement>("[data-tool]")?.focus();
      }}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-t-xl border-b border-slate-200 bg-white/95 px-1.5 py-1.5 backdrop-blur"
    >
      <button
        type="button"
        data-tool
        tabIndex={0}
        className={TOOL_CLASS}
        aria-label="Undo"
        aria-keyshortcuts="Control+Z"
        title={`Undo (${MOD}Z)`}
        aria-disabled={!state.canUndo}
        onClick={() => editor.chain().focus().undo().run()}
      >
        <Undo2 aria-hidden="true" />
      </button>
      <button
        type="button"
        data-tool
        tabIndex={-1}
        className={TOOL_CLASS}
        aria-label="Redo"
        aria-keyshortcuts="Control+Shift+Z"
        title={`Redo (${MOD}Shift+Z)`}
        aria-disabled={!state.canRedo}
        onClick={() => editor.chain().focus().redo().run()}
      >
        <Redo2 aria-hidden="true" />
      </button>

      <Separator />
      <select
        data-tool
        tabIndex={-1}
        aria-label="Text style"
        value={state.textStyle}
        onChange={(event) => {
          const value = event.target.value;
          const chain = editor.chain().focus();
          if (value === "paragraph") chain.setParagraph().run();
          else chain.setHeading({ level: Number(value) as 1 | 2 | 3 | 4 }).run();
        }}
        className="h-8 rounded-md border border-slate-200 bg-white px-1.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {TEXT_STYLES.map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </select>
      <Separator />

      {MARKS.map((tool, index) => (
        <ToolButton key={tool.label} editor={editor} tool={tool} pressed={activeOf(index)} />
      ))}
      <UrlPopover
        open={linkOpen}
        onOpenChange={onLinkOpenChange}
        trigger={
          <button
            type="button"
            data-tool
            tabIndex={-1}
            className={TOOL_CLASS}
            aria-label="Link"
            aria-pressed={state.link}
            aria-keyshortcuts="Control+K"
            title={`Link (${MOD}K)`}
          >
            <Link2 aria-hidden="true" />
          </button>
        }
        label="Link address"
        initialValue={state.href}
        placeholder="https://example.com"
        submitLabel={state.link ? "Update link" : "Add link"}
        onSubmit={(url) => setLink(editor, url)}
        onRemove={
          state.link
            ? () => {
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
                onLinkOpenChange(false);
              }
            : undefined
        }
      />

      <Separator />
      {BLOCKS.map((tool, index) => (
        <ToolButton key={tool.label} editor={editor} tool={tool} pressed={activeOf(MARKS.length + index)} />
      ))}
      <Separator />

      <button
        type="button"
        data-tool
        tabIndex={-1}
        className={TOOL_CLASS}
        aria-label="Image"
        title="Image (or paste or drop one)"
        onClick={onPickImage}
      >
        <ImagePlus aria-hidden="true" />
      </button>
      <UrlPopover
        open={videoOpen}
        onOpenChange={setVideoOpen}
        trigger={
          <button
            type="button"
            data-tool
            tabIndex={-1}
            className={TOOL_CLASS}
            aria-label="Video"
            title="Video (YouTube, Vimeo, Loom, Wistia)"
          >
            <Video aria-hidden="true" />
          </button>
        }
        label="Video address (YouTube, Vimeo, Loom or Wistia)"
        initialValue=""
        placeholder="https://www.youtube.com/watch?v=..."
        submitLabel="Add video"
        onSubmit={(url) => {
          const embed = embedUrlFor(url);
          if (!embed) return "Only YouTube, Vimeo, Loom and Wistia videos can be embedded.";
          editor.chain().focus().insertVideoEmbed(embed).run();
          return null;
        }}
      />

      {state.inTable && <TableTools editor={editor} />}
    </div>
  );
}

/** Applies a link to the selection (or the link around the cursor); answers an error to show, or null. */
export function setLink(editor: Editor, url: string): string | null {
  if (url === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return null;
  }
  const address = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  if (!/^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(address))
    return "Enter a web address (https://…) or mailto: link.";
  const chain = editor.chain().focus().extendMarkRange("link");
  if (editor.state.selection.empty && !editor.isActive("link")) {
    chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: address } }] }).run();
  } else {
    chain.setLink({ href: address }).run();
  }
  return null;
}
