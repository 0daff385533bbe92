import { mergeAttributes, Node } from "@tiptap/core";

/**
 * The two block shapes of lesson content that TipTap has no extension for. Each parses and renders exactly
 * the HTML the server's sanitizer keeps (decision 0051), so stored content round-trips unchanged.
 */

const CALLOUT_KINDS = ["note", "warning"] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

function calloutKind(value: string | null): CalloutKind {
  return value === "warning" ? "warning" : "note";
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    callout: {
      /** Wraps the selected blocks in a callout of this kind, changes its kind, or unwraps it when it is already one. */
      toggleCallout: (kind: CalloutKind) => ReturnType;
    };
    videoEmbed: {
      /** Inserts the player of a known video host, given its player (embed) address. */
      insertVideoEmbed: (src: string) => ReturnType;
    };
  }
}

/** `<aside data-callout="note|warning">` holding blocks: a highlighted note or warning in a procedure. */
export const Callout = Node.create({
  name: "callout",
  group: "block",
  content: "block+",
  defining: true,
  addAttributes() {
    return {
      kind: {
        default: "note",
        parseHTML: (element) => calloutKind(element.getAttribute("data-callout")),
        renderHTML: (attributes) => ({ "data-callout": calloutKind(String(attributes.kind)) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: "aside[data-callout]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["aside", mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      toggleCallout:
        (kind) =>
        ({ editor, commands }) => {
          if (editor.isActive(this.name, { kind })) return commands.lift(this.name);
          if (editor.isActive(this.name)) return commands.updateAttributes(this.name, { kind });
          return commands.wrapIn(this.name, { kind });
        },
    };
  },
});

/**
 * `<div data-video-embed=""><iframe src="…" allowfullscreen="true"></iframe></div>`: a player inside the
 * text. Only a known host's player address is ever put in `src` (the server drops any other).
 */
export const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element) => element.querySelector("iframe")?.getAttribute("src") ?? null,
        // Rendered on the iframe, below, not on the wrapper.
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: "div[data-video-embed]" }];
  },
  renderHTML({ node }) {
    return [
      "div",
      { "data-video-embed": "" },
      ["iframe", { src: String(node.attrs.src ?? ""), allowfullscreen: "true" }],
    ];
  },
  addCommands() {
    return {
      insertVideoEmbed:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});
