import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { VIDEO_FRAME_SOURCES } from "./security-headers.js";

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

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d+$/;
const LOOM_ID = /^[A-Za-z0-9]+$/;
const WISTIA_ID = /^[A-Za-z0-9]+$/;

function hostIs(host: string, ...domains: string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function segments(url: URL): string[] {
  return url.pathname.split("/").filter((part) => part !== "");
}

function youtubeId(url: URL, host: string): string | null {
  const parts = segments(url);
  if (host === "youtu.be") return parts[0] ?? null;
  if (!hostIs(host, "youtube.com", "youtube-nocookie.com")) return null;
  if (parts[0] === "watch") return url.searchParams.get("v");
  if (parts[0] !== undefined && ["shorts", "embed", "live", "v"].includes(parts[0])) return parts[1] ?? null;
  return null;
}

/** The player URL of a known host, or null: the client then shows the address as a plain link. */
function embedCandidate(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = segments(url);

  const youtube = youtubeId(url, host);
  if (youtube !== null) {
    return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  }
  if (hostIs(host, "vimeo.com")) {
    // vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123; an unlisted video adds its hash.
    const at = parts.findIndex((part) => VIMEO_ID.test(part));
    if (at === -1) return null;
    const hash = parts[at + 1] ?? url.searchParams.get("h");
    const suffix = hash && /^[A-Za-z0-9]+$/.test(hash) ? `?h=${hash}` : "";
    return `https://player.vimeo.com/video/${parts[at]}${suffix}`;
  }
  if (hostIs(host, "loom.com")) {
    const id = (parts[0] === "share" || parts[0] === "embed") && parts[1];
    return id && LOOM_ID.test(id) ? `https://www.loom.com/embed/${id}` : null;
  }
  if (hostIs(host, "wistia.com", "wistia.net", "wi.st")) {
    // acme.wistia.com/medias/ID, fast.wistia.net/embed/iframe/ID, fast.wistia.com/embed/medias/ID
    const at = parts.findIndex((part) => part === "medias" || part === "iframe");
    const id = at === -1 ? undefined : parts[at + 1]?.replace(/\.jsonp?$/, "");
    return id && WISTIA_ID.test(id) ? `https://fast.wistia.net/embed/iframe/${id}` : null;
  }
  return null;
}

/** Only hosts the Content-Security-Policy lets a frame load from: a frame the policy blocks is a blank box. */
export function embedUrlFor(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const embed = embedCandidate(url);
  if (embed === null) return null;
  const origin = new URL(embed).origin;
  return (VIDEO_FRAME_SOURCES as readonly string[]).includes(origin) ? embed : null;
}
