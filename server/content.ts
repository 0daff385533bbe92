import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

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

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span"],
    ...["ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "sub", "sup", "small"],
    ...["code", "pre", "kbd", "blockquote", "a", "img"],
    ...["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ],
  allowedAttributes: {
    // target and rel are always overwritten by the transform below; listed so the filter keeps them.
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "align"],
    td: ["colspan", "rowspan", "align"],
    ol: ["start"],
  },
  // Syntax highlighting in the browser reads the language from the class marked writes.
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // "//evil.example/x" would borrow the page's scheme and slip past the scheme list.
  allowProtocolRelative: false,
  // The text inside these is code or markup, never something to show.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
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
    img: (tagName, attribs) => ({
      tagName,
      attribs: withUrl(attribs, "src", absoluteUrl(attribs.src, IMAGE_PROTOCOLS)),
    }),
  },
  // An image without a usable address shows nothing but a broken icon.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

const markdown = new Marked({ gfm: true, breaks: false });

/** Text that begins with a tag is HTML (what a rich-text editor sends); anything else is Markdown. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:[a-z][a-z0-9-]*|!--)[\s/>]/i.test(text);
}

export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/**
 * What `lessons/create` and `lessons/update` store: Markdown rendered to HTML, then every content
 * sanitized. Content that sanitizes to nothing is stored as none. Markdown parsing takes super-linear time
 * (and stack) on hostile input, so the server calls this only in lesson-content-worker.ts, with a time
 * budget (server/lesson-content.ts), never on the request thread.
 */
export function prepareLessonContent(content: string | null): string | null {
  if (content === null) return null;
  const html = looksLikeHtml(content) ? content : markdown.parse(content, { async: false });
  const safe = sanitizeLessonHtml(html);
  return safe === "" ? null : safe;
}
