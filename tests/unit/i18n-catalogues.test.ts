import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "#shared/i18n/en.json" with { type: "json" };
import es from "#shared/i18n/es.json" with { type: "json" };
import { hasMessageEntry } from "#shared/i18n/messages.js";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.js";
import { MESSAGES as AUTH_MESSAGES } from "#shared/schemas/auth.js";

/**
 * The catalogues against the code (docs/decisions/0380-interface-languages.md): every key the code asks
 * for is in every catalogue, every catalogue has exactly the English one's keys, every key is still used,
 * and every message is a valid ICU message. Read from the source itself, so a key added, renamed or
 * deleted in code fails here until the catalogues follow.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CATALOGUES: Record<string, Record<string, string>> = { en, es };
const KEYS = Object.keys(en);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".gen.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const SOURCE = ["client", "server", "shared"].flatMap(sourceFiles).map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, "utf8"),
}));

/** Keys the code asks for by name: `t("…")` (however the call is laid out) and `i18nKey="…"`. */
const ASKED = /\bt\(\s*["'`]([^"'`$]+)["'`]|\bi18nKey=["']([^"']+)["']/g;

function askedKeys(): Array<{ key: string; file: string }> {
  return SOURCE.flatMap(({ file, text }) =>
    [...text.matchAll(ASKED)].map((match) => ({ key: match[1] ?? match[2] ?? "", file })),
  );
}

/** A quoted string literal of the source (a key in a map of keys, a message's English text). */
const quoted = (text: string) => [JSON.stringify(text), `'${text}'`, `\`${text}\``];
const occursQuoted = (text: string) => SOURCE.some((source) => quoted(text).some((form) => source.text.includes(form)));

describe("the catalogues", () => {
  it("have the English catalogue's keys exactly, each with a text", () => {
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), language).toEqual([...KEYS].sort());
      const empty = Object.entries(catalogue).filter(([, text]) => text.trim() === "");
      expect(empty, language).toEqual([]);
    }
  });

  it("hold every key the code asks for", () => {
    const asked = askedKeys();
    expect(asked.length).toBeGreaterThan(0);
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      const missing = asked.filter(({ key }) => !(key in catalogue)).map(({ key, file }) => `${key} (${file})`);
      expect(missing, `missing in ${language}.json`).toEqual([]);
    }
  });

  it("hold no key the code no longer uses", () => {
    // A message's key is used while its English text is (shared/i18n/messages.ts finds the key by it).
    const unused = KEYS.filter((key) =>
      key.startsWith("message.") ? !occursQuoted(en[key as keyof typeof en]) : !occursQuoted(key),
    );
    expect(unused).toEqual([]);
  });

  it("are valid ICU messages with the English message's arguments", () => {
    for (const key of KEYS) {
      const english = argumentsOf(
        new IntlMessageFormat(en[key as keyof typeof en], "en", undefined, { ignoreTag: true }).getAst(),
      );
      for (const [language, catalogue] of Object.entries(CATALOGUES)) {
        const text = catalogue[key] ?? "";
        const parsed = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
        expect(argumentsOf(parsed.getAst()), `${language}: ${key}`).toEqual(english);
      }
    }
  });
});

describe("the messages that leave the server or show in forms", () => {
  // The areas converted so far; each area's messages join when its screens are translated.
  const CONVERTED = { ACCOUNT_MESSAGES, AUTH_MESSAGES };

  it("each has its catalogue entry, so it is answered in the caller's language", () => {
    const missing = Object.entries(CONVERTED).flatMap(([area, messages]) =>
      Object.entries(messages)
        .filter(([, text]) => !hasMessageEntry(text))
        .map(([name]) => `${area}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});

type Ast = ReturnType<IntlMessageFormat["getAst"]>;

/** The names of a message's arguments, sorted: a translation may reorder them, never rename or drop one. */
function argumentsOf(ast: Ast): string[] {
  const names = new Set<string>();
  const walk = (elements: Ast) => {
    for (const element of elements) {
      if ("value" in element && element.type !== 0 && typeof element.value === "string") names.add(element.value);
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
      if ("children" in element) walk(element.children);
    }
  };
  walk(ast);
  return [...names].sort();
}
