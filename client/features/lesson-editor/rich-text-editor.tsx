import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { NodeSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { EditorContent, useEditor } from "@tiptap/react";
import { useRef, useState } from "react";
import { toast } from "#client/lib/toast.js";
import { UploadError, uploadImage } from "#client/lib/uploads.js";
import { IMAGE_TYPES } from "#shared/schemas/uploads.js";
import { lessonEditorExtensions } from "./extensions.js";
import { ImageAltDialog, type ImageAltTarget } from "./image-alt-dialog.js";
import { cleanPastedHtml } from "./paste.js";
import { Toolbar } from "./toolbar.js";

export interface RichTextEditorProps {
  /** The stored HTML to start from; the editor is remounted (a new key) to start from other content. */
  initialHtml: string;
  /** The course the lesson belongs to: its images are uploaded to it. */
  courseId: number;
  /** Every change, as the HTML to store ("" for an empty lesson). */
  onChange: (html: string) => void;
  /** The id of the element naming the editor (the page's "Content" label). */
  labelledBy: string;
}

/**
 * The editor's HTML as stored: an empty document is no content at all, as the server stores it, and the
 * empty paragraphs the editor keeps at the end (a place for the cursor after a list or table) are not
 * content either. The editor adds them again on loading, so this stays the same on every reopening.
 */
function storedHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(?:<p><\/p>)+$/, "");
}

/** Where the target image is now: where it stood, or else (moved by another upload) the image with its address. */
function imagePosition(doc: ProseMirrorNode, target: ImageAltTarget): number | null {
  const isTarget = (node: ProseMirrorNode | null | undefined) =>
    node?.type.name === "image" && node.attrs.src === target.src;
  if (isTarget(doc.nodeAt(target.position))) return target.position;
  let found: number | null = null;
  doc.descendants((node, position) => {
    if (found === null && isTarget(node)) found = position;
    return found === null;
  });
  return found;
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith("image/"));
}

/**
 * The lesson's rich-text editor: TipTap with the toolbar, keyboard shortcuts (TipTap's own, Ctrl/⌘+K for
 * a link, Alt+F10 to the toolbar), Markdown shortcuts while typing, and images pasted, dropped or picked,
 * uploaded to the course and shown at once.
 */
export function RichTextEditor({ initialHtml, courseId, onChange, labelledBy }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(0);
  // Images waiting for their description, the first one asked: each upload adds one (decision 0298).
  const [describing, setDescribing] = useState<ImageAltTarget[]>([]);

  const insertImages = async (view: EditorView, files: File[], at?: number) => {
    for (const file of files) {
      setUploading((count) => count + 1);
      try {
        const src = await uploadImage(courseId, file);
        const image = view.state.schema.nodes.image?.create({ src, alt: "" });
        if (!image) continue;
        const position = Math.min(at ?? view.state.selection.to, view.state.doc.content.size);
        view.dispatch(view.state.tr.insert(position, image));
        setDescribing((queue) => [...queue, { src, position, alt: "", justUploaded: true }]);
      } catch (error) {
        toast.error(error instanceof UploadError ? error.message : "The image could not be uploaded.");
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  const editor = useEditor({
    extensions: lessonEditorExtensions("Write the lesson. Type ## for a heading, - for a list, > for a quote."),
    content: initialHtml,
    // Rendered on the client only, once: no hydration to match.
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: "lesson-content lesson-editor min-h-72 px-4 py-4 focus:outline-none sm:px-6",
        "aria-labelledby": labelledBy,
        "aria-multiline": "true",
        role: "textbox",
        spellcheck: "true",
      },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (view, event) => {
        // A copied image comes with markup of its own (a web page, Word): then the markup is the paste.
        if (event.clipboardData?.types.includes("text/html")) return false;
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        void insertImages(view, files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(view, files, at);
        return true;
      },
      handleKeyDown: (view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        if (event.altKey && event.key === "F10") {
          event.preventDefault();
          view.dom.closest("[data-rich-text]")?.querySelector<HTMLElement>('[role="toolbar"] [tabindex="0"]')?.focus();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => onChange(storedHtml(current)),
  });

  const describeSelectedImage = () => {
    const selection = editor?.state.selection;
    if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return;
    const { src, alt } = selection.node.attrs;
    setDescribing([{ src: String(src), position: selection.from, alt: String(alt ?? ""), justUploaded: false }]);
  };

  const saveDescription = (target: ImageAltTarget, alt: string) => {
    if (editor) {
      const position = imagePosition(editor.state.doc, target);
      const node = position === null ? null : editor.state.doc.nodeAt(position);
      if (position !== null && node) {
        editor.view.dispatch(editor.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, alt }));
      }
    }
    setDescribing((queue) => queue.slice(1));
  };

  return (
    <div
      data-rich-text
      className="rounded-xl border border-slate-300 bg-white shadow-xs focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/25"
    >
      {editor && (
        <Toolbar
          editor={editor}
          onPickImage={() => fileInput.current?.click()}
          onDescribeImage={describeSelectedImage}
          linkOpen={linkOpen}
          onLinkOpenChange={setLinkOpen}
        />
      )}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = imageFiles(event.target.files);
          event.target.value = "";
          if (editor && files.length > 0) void insertImages(editor.view, files);
        }}
      />
      <EditorContent editor={editor} />
      <output aria-live="polite" className="block px-4 pb-2 text-xs text-slate-500 empty:hidden sm:px-6">
        {uploading > 0 ? "Uploading image…" : ""}
      </output>
      <ImageAltDialog
        target={describing[0] ?? null}
        onSave={saveDescription}
        onClose={() => setDescribing((queue) => queue.slice(1))}
      />
    </div>
  );
}
