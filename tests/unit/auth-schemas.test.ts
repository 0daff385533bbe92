import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginInput, MESSAGES, registerInput } from "#shared/schemas/auth.js";

/** The messages zod reports, in order; [] when the input is valid. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("the spec's exact texts (§5)", () => {
  it("are the ones the schemas use", () => {
    expect(MESSAGES).toEqual({
      invalidEmail: "Please enter a valid email address.",
      passwordRequired: "Password is required.",
      nameTooShort: "Name must be at least 2 characters.",
      passwordTooShort: "Password must be at least 8 characters.",
    });
  });
});

describe("loginInput", () => {
  it("accepts an e-mail and any non-empty password, trimming the e-mail", () => {
    const result = loginInput.safeParse({ email: "  Person@Example.com ", password: "x" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "Person@Example.com", password: "x" });
  });

  it("keeps the password exactly as typed, spaces included", () => {
    expect(loginInput.parse({ email: "a@example.com", password: "  spaced  " }).password).toBe("  spaced  ");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["without @", "person.example.com"],
    ["without a domain", "person@"],
    ["without a local part", "@example.com"],
    ["with a space", "per son@example.com"],
    ["a number", 7],
    ["an array", ["a@example.com"]],
    ["too long", `${"a".repeat(250)}@example.com`],
  ])("rejects an e-mail that is %s with the spec's message", (_label, email) => {
    expect(messages(loginInput, { email, password: "x" })).toEqual([MESSAGES.invalidEmail]);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["a number", 12345678],
    ["null", null],
  ])("rejects a password that is %s with the spec's message", (_label, password) => {
    expect(messages(loginInput, { email: "a@example.com", password })).toEqual([MESSAGES.passwordRequired]);
  });

  it("reports the e-mail before the password", () => {
    expect(messages(loginInput, {})).toEqual([MESSAGES.invalidEmail, MESSAGES.passwordRequired]);
  });

  it("caps the password length so hashing cannot be made expensive", () => {
    expect(messages(loginInput, { email: "a@example.com", password: "p".repeat(10_000) })).toHaveLength(1);
  });
});

describe("registerInput", () => {
  const valid = { name: "Al", email: "al@example.com", password: "12345678" };

  it("accepts the minimums, trimming name and e-mail", () => {
    expect(registerInput.parse({ name: "  Al ", email: " al@example.com ", password: "12345678" })).toEqual(valid);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["one letter", "A"],
    ["one letter with spaces", "  A  "],
    ["a number", 42],
  ])("rejects a name that is %s with the spec's message", (_label, name) => {
    expect(messages(registerInput, { ...valid, name })).toEqual([MESSAGES.nameTooShort]);
  });

  it("rejects an invalid e-mail with the spec's message", () => {
    expect(messages(registerInput, { ...valid, email: "nope" })).toEqual([MESSAGES.invalidEmail]);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["7 characters", "1234567"],
    ["a number", 123456789],
  ])("rejects a password that is %s with the spec's message", (_label, password) => {
    expect(messages(registerInput, { ...valid, password })).toEqual([MESSAGES.passwordTooShort]);
  });

  it("does not trim the password: 8 spaces count as 8 characters, 7 plus padding do not become 8", () => {
    expect(messages(registerInput, { ...valid, password: " ".repeat(8) })).toEqual([]);
    expect(messages(registerInput, { ...valid, password: " 1234567" })).toEqual([]);
  });

  it("reports name, e-mail and password in that order", () => {
    expect(messages(registerInput, {})).toEqual([
      MESSAGES.nameTooShort,
      MESSAGES.invalidEmail,
      MESSAGES.passwordTooShort,
    ]);
  });

  it("drops fields it does not know", () => {
    expect(registerInput.parse({ ...valid, role: "admin", isAdmin: true })).toEqual(valid);
  });

  it("takes the invitation it registers through, optionally (decision 0265)", () => {
    expect(registerInput.parse({ ...valid, inviteToken: " acme.secret " })).toEqual({
      ...valid,
      inviteToken: "acme.secret",
    });
    expect(registerInput.parse({ ...valid, inviteToken: undefined })).toEqual(valid);
    expect(registerInput.safeParse({ ...valid, inviteToken: "x".repeat(301) }).success).toBe(false);
    expect(registerInput.safeParse({ ...valid, inviteToken: 42 }).success).toBe(false);
  });
});
