import { describe, expect, it } from "vitest";
import { registerInput } from "#shared/schemas/auth.js";
import { hasControlCharacter, TEXT_MESSAGES, utf8Length } from "#shared/schemas/common.js";
import { createCourseInput, createLessonInput } from "#shared/schemas/courses.js";
import { tagUpdateInput } from "#shared/schemas/tags.js";

/** Decision 0012: every text field refuses control characters; multi-line ones keep tabs and line breaks. */

describe("hasControlCharacter", () => {
  it.each(["\u0000", "a\u0001", "\u001f", "\u007f", "\u001b[31m"])("finds %j on one line and in many", (value) => {
    expect(hasControlCharacter(value, false)).toBe(true);
    expect(hasControlCharacter(value, true)).toBe(true);
  });

  it("allows tab and line breaks only in multi-line text", () => {
    expect(hasControlCharacter("a\tb\r\nc", false)).toBe(true);
    expect(hasControlCharacter("a\tb\r\nc", true)).toBe(false);
  });

  it("lets one-line text carry whitespace around it, which the field trims", () => {
    expect(
      registerInput.safeParse({ name: "Ann Lee", email: " ann@example.com\t", password: "long-enough" }).success,
    ).toBe(true);
    expect(
      registerInput.safeParse({ name: "Ann\tLee", email: "ann@example.com", password: "long-enough" }).success,
    ).toBe(false);
  });

  it("leaves every printable character, Unicode included", () => {
    expect(hasControlCharacter("Grüße 👩‍👩‍👧 مرحبا \u00a0 \u0080", false)).toBe(false);
  });
});

describe("the schemas", () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it("answer the control-character message first, before any other rule", () => {
    const register = registerInput.safeParse({ name: "A\u0000", email: "a@b.co", password: "long-enough" });
    expect(firstMessage(register)).toBe(TEXT_MESSAGES.controlCharacters);
    expect(firstMessage(createCourseInput.safeParse({ title: "Safety\u0000" }))).toBe(TEXT_MESSAGES.controlCharacters);
    expect(firstMessage(tagUpdateInput.safeParse({ id: 1, name: "x", color: "#AABB\u0000C" }))).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
  });

  it("keep line breaks in descriptions and lesson content, not in titles", () => {
    expect(createCourseInput.safeParse({ title: "Safety", description: "One\n\tTwo\r\n" }).success).toBe(true);
    expect(createLessonInput.safeParse({ moduleId: 1, content: "# A\n\n\tcode\r\n" }).success).toBe(true);
    expect(firstMessage(createLessonInput.safeParse({ moduleId: 1, title: "A\nB" }))).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
    expect(firstMessage(createLessonInput.safeParse({ moduleId: 1, content: "A\u0000" }))).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
  });
});

describe("utf8Length", () => {
  it("counts UTF-8 bytes as the encoder does, surrogate pairs and lone surrogates included", () => {
    for (const sample of ["", "abc", "é", "€", "👩‍👩‍👧", "a\ud800b", "\udc00", `x${"é".repeat(10)}😀`]) {
      expect(utf8Length(sample), JSON.stringify(sample)).toBe(new TextEncoder().encode(sample).length);
    }
  });
});
