import { describe, expect, it } from "vitest";
import { looksLikeHtml, prepareLessonContent, sanitizeLessonHtml } from "#server/modules/courses/content.rules.js";
import { VIDEO_FRAME_SOURCES } from "#server/platform/http/security-headers.js";
import { embedUrlFor } from "#shared/video-embed.js";
import { XSS_PAYLOADS as PAYLOADS } from "../support/xss-payloads.js";

/** docs/DESIGN.md §5: lesson content is sanitized when saved; video URLs become embeds of known hosts only. */

const ALLOWED_TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p br hr div span aside label input ul ol li strong b em i u s del ins mark sub sup small code pre kbd blockquote a img table caption colgroup col thead tbody tfoot tr th td".split(
    " ",
  ),
);
const ALLOWED_ATTRIBUTES = new Set([
  "href",
  "title",
  "target",
  "rel",
  "src",
  "alt",
  "width",
  "height",
  "colspan",
  "rowspan",
  "align",
  "start",
  "class",
  // A check list's box, always of type checkbox (tests/unit/rich-content.test.ts).
  "type",
  "checked",
  "disabled",
]);

/**
 * Reads every tag of the sanitizer's output (well-formed, attribute values double-quoted) and checks it
 * could not run anything: only allowed tags and attributes, only absolute web or mail addresses.
 */
function expectInert(html: string): void {
  for (const [, name = "", attributes = ""] of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `<${name}> in ${html}`).toContain(name.toLowerCase());
    for (const [, attribute = "", value = ""] of attributes.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES, `${attribute} in ${html}`).toContain(attribute.toLowerCase());
      if (attribute === "href") expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (attribute === "src") expect(value).toMatch(/^https?:\/\//i);
      if (attribute === "class") expect(value).toMatch(/^language-[\w-]+$/);
      if (attribute === "type") expect(value).toBe("checkbox");
    }
  }
  expect(html).not.toMatch(/<\/?(script|style|iframe|object|embed|svg|math|form|meta|base|link)\b/i);
}

describe("sanitizeLessonHtml", () => {
  it(`neutralizes ${PAYLOADS.length} known XSS payloads`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(20);
    for (const payload of PAYLOADS) {
      for (const content of [payload, `<p>before</p>${payload}<p>after</p>`]) {
        const stored = prepareLessonContent(content) ?? "";
        expectInert(stored);
        // Sanitizing what was stored again changes nothing: display-time sanitizing agrees with save-time.
        expect(sanitizeLessonHtml(stored)).toBe(stored);
      }
    }
  });

  it("keeps the formatting a procedure needs", () => {
    const html = [
      "<h2>Steps</h2><p><strong>Bold</strong>, <em>italic</em>, <code>code</code></p>",
      "<ol><li>One</li></ol><ul><li>Two</li></ul><blockquote>Quote</blockquote>",
      '<pre><code class="language-bash">ls -la</code></pre>',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
      '<img src="https://cdn.example/diagram.png" alt="Diagram">',
    ].join("");
    expect(sanitizeLessonHtml(html)).toBe(html);
  });

  it("opens links in a new tab without giving the page a handle back", () => {
    expect(sanitizeLessonHtml('<a href="https://docs.example/sop">SOP</a>')).toBe(
      '<a href="https://docs.example/sop" target="_blank" rel="noopener noreferrer">SOP</a>',
    );
    expect(sanitizeLessonHtml('<a href="mailto:safety@example.com">Mail</a>')).toContain(
      'href="mailto:safety@example.com"',
    );
    expect(sanitizeLessonHtml('<a href="/relative">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
  });
});

describe("prepareLessonContent", () => {
  it("renders Markdown to the same safe HTML", () => {
    const stored = prepareLessonContent(
      "# Title\n\nSome **bold** and `code`.\n\n- [Docs](https://docs.example)\n- [Bad](javascript:alert(1))\n\n```js\nrun()\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>",
    );
    expect(stored).toContain("<h1>Title</h1>");
    expect(stored).toContain("<strong>bold</strong>");
    expect(stored).toContain("<code>code</code>");
    expect(stored).toContain('<a href="https://docs.example" target="_blank" rel="noopener noreferrer">Docs</a>');
    expect(stored).toContain('<code class="language-js">run()');
    expect(stored).toContain("<td>1</td>");
    expectInert(stored ?? "");
  });

  it("tells HTML from Markdown by a leading tag", () => {
    expect(looksLikeHtml("<p>Hello</p>")).toBe(true);
    expect(looksLikeHtml("  <h1 class='x'>Hi</h1>")).toBe(true);
    expect(looksLikeHtml("<br/>")).toBe(true);
    expect(looksLikeHtml("# Heading")).toBe(false);
    expect(looksLikeHtml("1 < 2 and <b>bold</b>")).toBe(false);
    expect(prepareLessonContent("<p>2*3*4</p>")).toBe("<p>2*3*4</p>");
  });

  it("stores nothing for empty or fully removed content", () => {
    expect(prepareLessonContent(null)).toBeNull();
    expect(prepareLessonContent("<script>alert(1)</script>")).toBeNull();
    expect(prepareLessonContent("<style>p{}</style>   ")).toBeNull();
  });
});

describe("embedUrlFor", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/a1b2c3d4e5", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    [
      "https://www.loom.com/share/0123456789abcdef0123456789abcdef",
      "https://www.loom.com/embed/0123456789abcdef0123456789abcdef",
    ],
    ["https://loom.com/embed/0123456789abcdef", "https://www.loom.com/embed/0123456789abcdef"],
    ["https://acme.wistia.com/medias/e4a27b971d", "https://fast.wistia.net/embed/iframe/e4a27b971d"],
    [
      "https://fast.wistia.net/embed/iframe/e4a27b971d?videoFoam=true",
      "https://fast.wistia.net/embed/iframe/e4a27b971d",
    ],
  ])("%s → %s", (url, embed) => {
    expect(embedUrlFor(url)).toBe(embed);
  });

  it.each([
    null,
    "",
    "not a url",
    "javascript:alert(1)",
    "https://videos.example/training.mp4",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload%3D",
    "https://www.youtube.com/channel/UC123",
    "https://vimeo.com/about",
    "https://www.loom.com/looms/videos",
    "https://acme.wistia.com/medias/<script>",
  ])("%s → null (shown as a link)", (url) => {
    expect(embedUrlFor(url)).toBeNull();
  });

  it("only ever answers with a host the Content-Security-Policy allows in frames", () => {
    for (const url of [
      "https://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/1",
      "https://loom.com/share/a1",
      "https://x.wistia.com/medias/a1",
    ]) {
      const embed = embedUrlFor(url);
      expect(embed).not.toBeNull();
      expect(VIDEO_FRAME_SOURCES).toContain(new URL(embed ?? "").origin);
    }
  });
});
