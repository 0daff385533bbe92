import { imageKeyOf } from "#shared/schemas/uploads.js";

/**
 * What is pasted from Google Docs, Word or a web page keeps its structure (headings, lists, links, tables,
 * bold…) and loses everything foreign: the editor's schema already drops styles, classes, scripts and
 * unknown elements. This removes what the schema would keep but the server would not: images whose
 * address is not a web address (Word's file:///, data: URIs), which would show in the editor and then
 * vanish on saving.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const image of Array.from(document.querySelectorAll("img"))) {
    const src = image.getAttribute("src") ?? "";
    if (!/^https:\/\//i.test(src) && imageKeyOf(src) === null) image.remove();
  }
  for (const element of Array.from(document.querySelectorAll("script, style, meta, link, template"))) element.remove();
  return document.body.innerHTML;
}
