import DOMPurify from "dompurify";
import { ExternalLink } from "lucide-react";
import { useMemo } from "react";
import { VIDEO_FRAME_SOURCES } from "#shared/video-embed.js";

/*
 * The server stores lesson content sanitized (docs/DESIGN.md §5); the browser sanitizes it again before it
 * touches the DOM, so a row written before a policy change, or a server bug, still cannot run script.
 * DOMPurify drops `target` by default: links are allowed to open beside the lesson, always with
 * rel="noopener noreferrer" so the opened page gets no handle on this one.
 */
function addSanitizerHooks(): void {
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A" && node.hasAttribute("href")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
    // A checklist's boxes show what the author ticked; a learner cannot change them.
    if (node.tagName === "INPUT") {
      node.setAttribute("type", "checkbox");
      node.setAttribute("disabled", "");
    }
    if (node.tagName === "IFRAME") {
      node.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
      node.setAttribute("loading", "lazy");
      node.setAttribute("title", "Video");
    }
  });

  /** A video player in the text (the editor's video embeds) only from a known host's player address. */
  DOMPurify.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName !== "iframe" || !(node instanceof Element)) return;
    const src = node.getAttribute("src") ?? "";
    const known = (VIDEO_FRAME_SOURCES as readonly string[]).some((origin) => src.startsWith(`${origin}/`));
    if (!known) node.parentNode?.removeChild(node);
  });
}

/**
 * The hooks are added on first use, not when the module loads: the build renders the app's route tree
 * without a DOM (client/landing/render.tsx), where DOMPurify has no hooks to add.
 */
let hooksAdded = false;

function sanitizeLessonHtml(html: string): string {
  if (!hooksAdded) {
    addSanitizerHooks();
    hooksAdded = true;
  }
  const body = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ["iframe"],
    ADD_ATTR: ["allowfullscreen"],
    FORBID_TAGS: ["style", "form", "button", "textarea", "select"],
    RETURN_DOM: true,
  });
  // RETURN_DOM answers the <body> that holds the sanitized content.
  if (!(body instanceof HTMLElement)) return "";
  nameChecklistBoxes(body);
  return body.innerHTML;
}

/**
 * A checklist item's box sits in an empty <label> beside its text (the editor's task list), so a screen
 * reader would announce an unnamed checkbox: each box is named by its item's text. Done on the whole
 * sanitized tree, where every item's text is already in place.
 */
function nameChecklistBoxes(root: HTMLElement): void {
  for (const box of root.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) {
    const item = (box.closest("li") ?? box.parentElement)?.cloneNode(true);
    if (!(item instanceof Element)) continue;
    // A nested checklist's items name their own boxes.
    for (const nested of item.querySelectorAll("ul, ol")) nested.remove();
    const text = item.textContent?.replace(/\s+/g, " ").trim();
    if (text) box.setAttribute("aria-label", text);
  }
}

export function LessonContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeLessonHtml(html), [html]);
  // Safe: `clean` is DOMPurify's output of content the server has already sanitized.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
  return <div className="lesson-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** A known host's player (docs/DESIGN.md §5), or a plain link for any other address. */
export function LessonVideo({
  title,
  videoUrl,
  embedUrl,
}: {
  title: string;
  videoUrl: string | null;
  embedUrl: string | null;
}) {
  if (embedUrl) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow-sm">
        <iframe
          src={embedUrl}
          title={`Video: ${title}`}
          className="size-full"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </div>
    );
  }
  if (!videoUrl) return null;
  return (
    <a
      href={videoUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-brand-700 shadow-xs hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      Watch the video
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
