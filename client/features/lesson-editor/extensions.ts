import { type AnyExtension, type Attributes, mergeAttributes } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { Callout, VideoEmbed } from "./nodes.js";

/**
 * Everything the lesson editor can write. The HTML each extension renders is exactly the shape the server's
 * sanitizer keeps (decision 0051): where TipTap's own output carries something the sanitizer
 * drops (inline styles, a `nofollow`, a class), it is changed here, so what the editor emits is what is
 * stored and what comes back on reopening, byte for byte.
 */

/** What the server makes of every link: opens beside the lesson, the opened page gets no handle on it. */
const LINK_ATTRIBUTES = { target: "_blank", rel: "noopener noreferrer" } as const;

/** Pasted links bring their own target, rel, class and title; a stored link has only the server's. */
const ServerShapedLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute("href") },
      target: { default: LINK_ATTRIBUTES.target, parseHTML: () => LINK_ATTRIBUTES.target },
      rel: { default: LINK_ATTRIBUTES.rel, parseHTML: () => LINK_ATTRIBUTES.rel },
    };
  },
});

/** A table without TipTap's inline width styles and column group (the sanitizer keeps no `style`). */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ["table", mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ["tbody", 0]];
  },
});

/** Cell alignment is written as an inline style, which the sanitizer drops: the editor does not keep it. */
function withoutAlignment<T extends typeof TableCell | typeof TableHeader>(cell: T): T {
  return cell.extend({
    addAttributes() {
      const attributes: Attributes = { ...this.parent?.() };
      delete attributes.align;
      return attributes;
    },
  }) as T;
}

export function lessonEditorExtensions(placeholder: string): AnyExtension[] {
  return [
    // The starter kit's own link is replaced by the one below.
    StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: false }),
    ServerShapedLink.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      protocols: ["mailto"],
      HTMLAttributes: LINK_ATTRIBUTES,
      // Only addresses the server keeps: absolute http(s) and mailto.
      isAllowedUri: (url, { defaultValidate }) => /^(?:https?:|mailto:)/i.test(url) && defaultValidate(url),
    }),
    Image.configure({ inline: false, allowBase64: false }),
    TaskList,
    TaskItem.configure({ nested: true }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    withoutAlignment(TableHeader),
    withoutAlignment(TableCell),
    Callout,
    VideoEmbed,
    Placeholder.configure({ placeholder }),
  ];
}
