import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { type ComponentProps, Fragment, type KeyboardEvent, useRef, useState } from "react";
import { embedUrlFor } from "#shared/video-embed.js";
import { ImageTools } from "./image-tools.js";
import { TableTools } from "./table-tools.js";
import { Separator } from "./toolbar-parts.js";
import {
  keyshortcutsOf,
  TEXT_STYLE,
  TOOL_GROUPS,
  TOOLS,
  type Tool,
  type ToolbarHost,
  tooltipOf,
} from "./toolbar-tools.js";
import { UrlPopover } from "./url-popover.js";

const TOOL_CLASS =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 " +
  "aria-pressed:bg-brand-100 aria-pressed:text-brand-800 aria-disabled:opacity-40 [&_svg]:size-4";

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

interface ToolButtonProps extends ComponentProps<"button"> {
  tool: Tool;
  pressed: boolean | undefined;
  enabled: boolean | undefined;
}

/**
 * One tool's button. The other props are those a popover trigger (asChild) hands its button: its ref,
 * its click and its expanded state.
 */
function ToolButton({ tool, pressed, enabled, ...trigger }: ToolButtonProps) {
  const Icon = tool.icon;
  return (
    <button
      type="button"
      data-tool
      tabIndex={-1}
      {...trigger}
      className={TOOL_CLASS}
      aria-label={tool.label}
      aria-pressed={pressed}
      aria-keyshortcuts={keyshortcutsOf(tool)}
      aria-disabled={enabled === undefined ? undefined : !enabled}
      title={tooltipOf(tool)}
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
  /** Opens the description dialog of the selected image (rich-text-editor.tsx owns it). */
  onDescribeImage: () => void;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
}

export function Toolbar({ editor, onPickImage, onDescribeImage, linkOpen, onLinkOpenChange }: ToolbarProps) {
  const [videoOpen, setVideoOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      pressed: TOOLS.map((tool) => tool.active?.(current)),
      enabled: TOOLS.map((tool) => tool.enabled?.(current)),
      textStyle: textStyleOf(current),
      link: current.isActive("link"),
      href: String(current.getAttributes("link").href ?? ""),
      inTable: current.isActive("table"),
      imageSelected: current.isActive("image"),
    }),
  });
  const host: ToolbarHost = { pickImage: onPickImage };

  const renderTool = (tool: Tool, first: boolean) => {
    const at = TOOLS.indexOf(tool);
    const button = (
      <ToolButton
        key={tool.label}
        tool={tool}
        pressed={state.pressed[at]}
        enabled={state.enabled[at]}
        // The first control holds the toolbar's one tab stop until the arrow keys move it.
        tabIndex={first ? 0 : -1}
        onClick={tool.run ? () => tool.run?.(editor, host) : undefined}
      />
    );
    if (tool.popover === "link") {
      return (
        <UrlPopover
          key={tool.label}
          open={linkOpen}
          onOpenChange={onLinkOpenChange}
          trigger={button}
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
      );
    }
    if (tool.popover === "video") {
      return (
        <UrlPopover
          key={tool.label}
          open={videoOpen}
          onOpenChange={setVideoOpen}
          trigger={button}
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
      );
    }
    return button;
  };

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
      // Sticks below the sticky site header (app-header.tsx, h-16) while a long lesson scrolls under it.
      className="sticky top-16 z-10 flex flex-wrap items-center gap-0.5 rounded-t-xl border-b border-slate-200 bg-white/95 px-1.5 py-1.5 backdrop-blur"
    >
      {TOOL_GROUPS.map((group, groupAt) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups are a fixed table, never reordered
        <Fragment key={groupAt}>
          {groupAt > 0 && <Separator />}
          {group.map((item, itemAt) =>
            item === TEXT_STYLE ? (
              <select
                key={item}
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
            ) : (
              renderTool(item, groupAt === 0 && itemAt === 0)
            ),
          )}
        </Fragment>
      ))}

      {state.inTable && <TableTools editor={editor} />}
      {state.imageSelected && <ImageTools onDescribe={onDescribeImage} />}
    </div>
  );
}

/** Applies a link to the selection (or the link around the cursor); answers an error to show, or null. */
function setLink(editor: Editor, url: string): string | null {
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
