import type { Editor } from "@tiptap/react";
import { Separator } from "./toolbar-parts.js";

const TABLE_ACTIONS: { label: string; run: (editor: Editor) => void }[] = [
  { label: "Add row below", run: (e) => e.chain().focus().addRowAfter().run() },
  { label: "Add column right", run: (e) => e.chain().focus().addColumnAfter().run() },
  { label: "Delete row", run: (e) => e.chain().focus().deleteRow().run() },
  { label: "Delete column", run: (e) => e.chain().focus().deleteColumn().run() },
  { label: "Header row", run: (e) => e.chain().focus().toggleHeaderRow().run() },
  { label: "Delete table", run: (e) => e.chain().focus().deleteTable().run() },
];

/** Shown in the toolbar while the cursor is in a table. */
export function TableTools({ editor }: { editor: Editor }) {
  return (
    <>
      <Separator />
      {TABLE_ACTIONS.map((action) => (
        <button
          key={action.label}
          type="button"
          data-tool
          tabIndex={-1}
          onClick={() => action.run(editor)}
          className="inline-flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
        >
          {action.label}
        </button>
      ))}
    </>
  );
}
