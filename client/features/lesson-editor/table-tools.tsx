import type { Editor } from "@tiptap/react";
import { Separator, WORD_TOOL_CLASS } from "./toolbar-parts.js";

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
          className={WORD_TOOL_CLASS}
        >
          {action.label}
        </button>
      ))}
    </>
  );
}
