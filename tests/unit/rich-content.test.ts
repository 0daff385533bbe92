import { describe, expect, it } from "vitest";
import { prepareLessonContent, sanitizeLessonHtml } from "#server/modules/courses/content.rules.js";

/**
 * Decision 0051: what the rich editor writes is stored unchanged, so that a lesson
 * reopens exactly as it was saved. One fixture of every shape the editor emits, as TipTap serializes it.
 */

const UPLOAD = "/_api/uploads/images/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";
const PLAYER = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

const EDITOR_HTML = [
  "<h1>Forklift SOP</h1><h2>Before you start</h2><h3>Checks</h3><h4>Tyres</h4>",
  "<p><strong>Bold</strong>, <em>italic</em>, <u>underline</u>, <s>strike</s>, <code>inline code</code>,",
  ' a <a target="_blank" rel="noopener noreferrer" href="https://docs.example/sop">link</a>',
  ' and a <a target="_blank" rel="noopener noreferrer" href="mailto:safety@example.com">mail</a>.<br>Next line.</p>',
  "<ul><li><p>Bulleted</p><ul><li><p>Nested</p></li></ul></li></ul>",
  '<ol><li><p>One</p></li></ol><ol start="3"><li><p>Three</p></li></ol>',
  '<ul data-type="taskList">',
  '<li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label>',
  "<div><p>Helmet on</p></div></li>",
  '<li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label>',
  '<div><p>Brakes tested</p><ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label>',
  '<input type="checkbox"><span></span></label><div><p>Nested check</p></div></li></ul></div></li></ul>',
  "<blockquote><p>Quoted rule</p></blockquote>",
  '<aside data-callout="note"><p>A note</p><ul><li><p>with a list</p></li></ul></aside>',
  '<aside data-callout="warning"><h3>Danger</h3><p>Keep clear of the forks.</p></aside>',
  '<pre><code class="language-bash">ls -la &amp;&amp; echo "&lt;done&gt;"</code></pre><pre><code>plain</code></pre>',
  "<hr>",
  `<img src="${UPLOAD}" alt="Screenshot of the panel" title="Panel">`,
  '<img src="https://cdn.example/diagram.png" alt="">',
  `<div data-video-embed=""><iframe src="${PLAYER}" allowfullscreen="true"></iframe></div>`,
  '<div data-video-embed=""><iframe src="https://player.vimeo.com/video/76979871" allowfullscreen="true"></iframe></div>',
  '<table><colgroup><col><col></colgroup><tbody><tr><th colspan="2"><p>Header</p></th></tr>',
  '<tr><td colwidth="120"><p>Cell</p></td><td rowspan="2"><p>Tall</p></td></tr>',
  '<tr><td colspan="1" rowspan="1" colwidth="120,80"><p><strong>Bold</strong> cell</p></td></tr></tbody></table>',
  "<p>Caf\u00e9 \u2014 \u201cquoted\u201d</p>",
].join("");

describe("the rich editor's HTML", () => {
  it("round-trips through the sanitizer unchanged, and through a save", () => {
    expect(sanitizeLessonHtml(EDITOR_HTML)).toBe(EDITOR_HTML);
    expect(prepareLessonContent(EDITOR_HTML)).toBe(EDITOR_HTML);
  });

  it("keeps frames only for a known host's player address, exactly as the server writes it", () => {
    const frame = (src: string) =>
      `<div data-video-embed=""><iframe src="${src}" allowfullscreen="true"></iframe></div>`;
    for (const src of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example/embed/dQw4w9WgXcQ",
      "http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "javascript:alert(1)",
      "/_api/auth/logout",
      `${PLAYER}?autoplay=1`,
    ]) {
      expect(sanitizeLessonHtml(frame(src)), src).toBe('<div data-video-embed=""></div>');
    }
    expect(sanitizeLessonHtml(`<iframe src="${PLAYER}" srcdoc="<script>" onload="x()" allow="camera"></iframe>`)).toBe(
      `<iframe src="${PLAYER}"></iframe>`,
    );
  });

  it("keeps images from absolute web addresses and this app's uploads only", () => {
    for (const src of [
      "/_api/uploads/images/short",
      `${UPLOAD}/../../auth/logout`,
      "/_api/auth/logout",
      `//evil.example${UPLOAD}`,
      "data:image/png;base64,iVBORw0KGgo=",
    ]) {
      expect(sanitizeLessonHtml(`<p>x</p><img src="${src}">`), src).toBe("<p>x</p>");
    }
  });

  it("keeps a check box a check box, and the editor's markers only with their own values", () => {
    expect(sanitizeLessonHtml('<input type="file" checked value="x" name="n" onclick="x()">')).toBe(
      '<input type="checkbox" checked="checked">',
    );
    expect(sanitizeLessonHtml('<input type="text" disabled>')).toBe('<input type="checkbox" disabled="disabled">');
    expect(sanitizeLessonHtml('<aside data-callout="script" class="x"><p>a</p></aside>')).toBe(
      "<aside><p>a</p></aside>",
    );
    expect(sanitizeLessonHtml('<ul data-type="evil"><li data-type="x" data-checked="maybe">a</li></ul>')).toBe(
      "<ul><li>a</li></ul>",
    );
    expect(sanitizeLessonHtml('<div data-video-embed="x" data-other="y" style="color:red">a</div>')).toBe(
      '<div data-video-embed="x">a</div>',
    );
  });
});
