import { describe, expect, it } from "vitest";
import { redactText, redactUrl, serializeError } from "#server/platform/http/logging.js";

/** Decision 0011: what the log keeps of a failed query and of a request. */

describe("serializeError", () => {
  it("keeps the SQL's shape and drops its values, the driver's details and the cause's values", () => {
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email_key)=(ann@example.com) already exists.",
      parameters: ["ann@example.com", "$argon2id$v=19$m=19456,t=2,p=1$abc$def"],
    });
    const error = new Error(
      "insert into \"users\" (\"email\", \"password_hash\") values ('ann@example.com', '$argon2id$v=19$m=1$x$y'), ('O''Brien', 'b') - duplicate key",
      { cause: driverError },
    );
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(serialized.message).toBe(
      "insert into \"users\" (\"email\", \"password_hash\") values ('?', '?'), ('?', '?') - duplicate key",
    );
    expect(serialized.cause).toMatchObject({ type: "Error", code: "23505" });
    expect(text).not.toMatch(/ann@|argon2|Brien|already exists/);
    expect(serialized.stack).toMatch(/^Error: insert into/);
  });
});

describe("redactText and redactUrl", () => {
  it("hide e-mail addresses, hashes and long tokens in free text", () => {
    expect(redactText("no user ann@example.com with $argon2id$v=19$x")).toBe("no user [redacted] with [redacted]");
    expect(redactText(`token ${"a1B2".repeat(10)} used`)).toBe("token [redacted] used");
  });

  it("keep a query's parameter names, not their values", () => {
    expect(redactUrl("/_api/team/decode-invite?token=acme.s3cret&x=1")).toBe(
      "/_api/team/decode-invite?token=[redacted]&x=[redacted]",
    );
    expect(redactUrl("/_api/auth/me")).toBe("/_api/auth/me");
  });
});
