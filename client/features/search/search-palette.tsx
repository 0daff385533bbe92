import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.js";

const PaletteDialog = lazy(() => import("./search-palette-dialog.js"));

/** Ctrl+K, or ⌘K on a Mac: the usual key for a search palette. */
function isPaletteShortcut(event: globalThis.KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}

/**
 * The global search (decision 0060): a header button and Ctrl/⌘+K open a dialog whose field is a combobox
 * over the hits. Arrow keys move through them, Enter opens one, Escape closes and gives focus back to
 * where it was. A lesson hit opens the lesson itself; a course or module hit its course.
 */
export function SearchPalette({ orgSlug }: { orgSlug: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // A field that uses the key itself (the lesson editor's Ctrl+K adds a link) has claimed it already.
      if (event.defaultPrevented || !isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="mr-1 h-10 px-2.5 sm:px-3"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Search aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Search</span>
        <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 lg:inline">
          Ctrl K
        </kbd>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PaletteDialog orgSlug={orgSlug} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
