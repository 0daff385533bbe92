import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { imageKeyOf } from "#shared/schemas/uploads.js";
import { embedUrlFor } from "#shared/video-embed.js";

/**
 * Lesson content is written by members and shown to everyone in the organization (docs/DESIGN.md §5): what
 * is stored is always sanitized HTML, so a `<script>`, an `on*` handler or a `javascript:` link saved by
 * one member never runs in another member's browser. The client sanitizes again when it shows it.
 */

const LINK_PROTOCOLS = ["http:", "https:", "mailto:"];
const IMAGE_PROTOCOLS = ["http:", "https:"];

/**
 * Only absolute addresses with an allowed scheme: a relative one would point into this app (and its
 * API) with the reader's session, and a scheme hidden behind entities or tabs is caught by the URL
 * parser, which decodes and strips them the way a browser does.
 */
function absoluteUrl(value: string | undefined, protocols: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  try {
    return protocols.includes(new URL(value.trim()).protocol) ? value.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The attributes with `name` replaced by `url`, or without it when there is none; the order kept. */
function withUrl(attribs: sanitizeHtml.Attributes, name: string, url: string | undefined): sanitizeHtml.Attributes {
  const result: sanitizeHtml.Attributes = {};
  for (const [key, value] of Object.entries(attribs)) {
    if (key !== name) result[key] = value;
    else if (url !== undefined) result[key] = url;
  }
  return result;
}

/** An image's address: an absolute web one, or an image uploaded to this app (`/_api/uploads/images/<key>`). */
function imageUrl(value: string | undefined): string | undefined {
  const absolute = absoluteUrl(value, IMAGE_PROTOCOLS);
  if (absolute !== undefined || value === undefined) return absolute;
  return imageKeyOf(value.trim()) === null ? undefined : value.trim();
}

/** A frame only for a known host's player, exactly as embedUrlFor writes it (and the CSP's frame-src allows). */
function playerUrl(value: string | undefined): string | undefined {
  return value !== undefined && embedUrlFor(value) === value ? value : undefined;
}

/** TipTap's markers of its own node types, by tag: each attribute only with one of its own values. */
const MARKERS: Record<string, Record<string, readonly string[]>> = {
  aside: { "data-callout": ["note", "warning"] },
  ul: { "data-type": ["taskList"] },
  li: { "data-type": ["taskItem"], "data-checked": ["true", "false"] },
  iframe: { allowfullscreen: ["true"] },
};

/** The attributes without markers whose value is not one of the tag's own (sanitize-html would keep them empty). */
function withKnownMarkers(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const markers = MARKERS[tagName] ?? {};
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => markers[name]?.includes(value) ?? true));
}

const keepKnownMarkers: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: withKnownMarkers(tagName, attribs),
});

/** sanitize-html 2.17 has `allowedEmptyAttributes`; its type definitions do not know it yet. */
type SanitizeOptions = sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

const SANITIZE_OPTIONS: SanitizeOptions = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span", "aside", "label", "input"],
    ...["ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "sub", "sup", "small"],
    ...["code", "pre", "kbd", "blockquote", "a", "img", "iframe"],
    ...["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ],
  allowedAttributes: {
    // target and rel are always overwritten by the transform below; listed so the filter keeps them.
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "colwidth", "align"],
    td: ["colspan", "rowspan", "colwidth", "align"],
    ol: ["start"],
    // The rich editor's own shapes (docs/decisions/0051-rich-content-allowlist.md).
    aside: ["data-callout"],
    ul: ["data-type"],
    li: ["data-type", "data-checked"],
    input: ["type", "checked", "disabled"],
    div: ["data-video-embed"],
    iframe: ["src", "allowfullscreen"],
  },
  allowedEmptyAttributes: ["alt", "data-video-embed"],
  // Syntax highlighting in the browser reads the language from the class marked writes.
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // "//evil.example/x" would borrow the page's scheme and slip past the scheme list.
  allowProtocolRelative: false,
  // The text inside these is code or markup, never something to show.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  // Written as `<col>`, like the other void elements, by serialize() below.
  selfClosing: ["img", "br", "hr", "input", "col"],
  disallowedTagsMode: "discard",
  transformTags: {
    // A link in a lesson opens beside it, and the opened page gets no handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...withUrl(attribs, "href", absoluteUrl(attribs.href, LINK_PROTOCOLS)),
        target: "_blank",
        rel: "noopener noreferrer",
      },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: withUrl(attribs, "src", imageUrl(attribs.src)) }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: withUrl(withKnownMarkers(tagName, attribs), "src", playerUrl(attribs.src)),
    }),
    aside: keepKnownMarkers,
    ul: keepKnownMarkers,
    li: keepKnownMarkers,
    // A check list's box and nothing else: never a text field, a button or a file picker. The flags are
    // written as a browser serializes TipTap's `checked: "checked"`.
    input: (tagName, attribs) => ({
      tagName,
      attribs: {
        type: "checkbox",
        ...("checked" in attribs ? { checked: "checked" } : {}),
        ...("disabled" in attribs ? { disabled: "disabled" } : {}),
      },
    }),
  },
  // An image or a frame without a usable address shows nothing but a broken box.
  exclusiveFilter: (frame) => (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

const markdown = new Marked({ gfm: true, breaks: false });

/** Text that begins with a tag is HTML (what a rich-text editor sends); anything else is Markdown. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:[a-z][a-z0-9-]*|!--)[\s/>]/i.test(text);
}

/**
 * sanitize-html closes void elements XHTML-style (`<br />`); the stored form is the rich editor's own
 * HTML5 (`<br>`), so that what the editor writes is stored unchanged. Text and attribute values have
 * their `>` escaped, so " />" in the output is always the end of a tag.
 */
function asHtml5(html: string): string {
  return html.replaceAll(" />", ">");
}

export function sanitizeLessonHtml(html: string): string {
  return asHtml5(sanitizeHtml(html, SANITIZE_OPTIONS)).trim();
}

/**
 * What `lessons/create` and `lessons/update` store: Markdown rendered to HTML, then every content
 * sanitized. Content that sanitizes to nothing is stored as none. Markdown parsing takes super-linear time
 * (and stack) on hostile input, so the server calls this only in lesson-content-worker.ts, with a time
 * budget (server/modules/courses/lesson-content.ts), never on the request thread.
 */
export function prepareLessonContent(content: string | null): string | null {
  if (content === null) return null;
  const html = looksLikeHtml(content) ? content : markdown.parse(content, { async: false });
  const safe = sanitizeLessonHtml(html);
  return safe === "" ? null : safe;
}
