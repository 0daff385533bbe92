import { Separator, WORD_TOOL_CLASS } from "./toolbar-parts.js";

/** Shown in the toolbar while an image is selected in the text: its menu (decision 0298). */
export function ImageTools({ onDescribe }: { onDescribe: () => void }) {
  return (
    <>
      <Separator />
      <button type="button" data-tool tabIndex={-1} onClick={onDescribe} className={WORD_TOOL_CLASS}>
        Image description
      </button>
    </>
  );
}
