import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { ConfigError } from "#server/platform/http/config.js";

/** Secrets at rest (docs/decisions/0302-secret-key-and-sealing.md): sealed for one purpose with SECRET_KEY. */

const secret = Buffer.from("a-secret-key-of-at-least-thirty-two-characters", "utf8");

describe("sealing", () => {
  it("opens what it sealed, and a fresh nonce makes each sealing differ", () => {
    const plain = Buffer.from("private key bytes");
    const once = seal(plain, secret, "evidence signing key");
    expect(unseal(once, secret, "evidence signing key")).toEqual(plain);
    expect(seal(plain, secret, "evidence signing key")).not.toBe(once);
    expect(once).not.toContain(plain.toString("base64url"));
  });

  it("refuses another secret, another purpose, and any changed byte", () => {
    const sealed = seal(Buffer.from("private"), secret, "evidence signing key");
    expect(() =>
      unseal(sealed, Buffer.from("another-secret-key-of-thirty-two-chars!!"), "evidence signing key"),
    ).toThrow();
    expect(() => unseal(sealed, secret, "identity provider secret")).toThrow();
    const parts = sealed.split(".");
    for (let part = 1; part < parts.length; part++) {
      const changed = [...parts];
      const text = changed[part] as string;
      changed[part] = (text[0] === "A" ? "B" : "A") + text.slice(1);
      expect(() => unseal(changed.join("."), secret, "evidence signing key"), `part ${part}`).toThrow();
    }
    expect(() => unseal("v0.a.b.c", secret, "evidence signing key")).toThrow("Not a sealed value");
  });
});

describe("the server's secret key", () => {
  it("is SECRET_KEY when set", () => {
    const key = serverSecretKey({ secretKey: "x".repeat(40), databaseUrl: null, dataDir: "/nonexistent" });
    expect(key.toString()).toBe("x".repeat(40));
  });

  it("on SQLite without SECRET_KEY, is generated once into the data folder, readable by its owner only", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-secret-"));
    try {
      const first = serverSecretKey({ secretKey: null, databaseUrl: null, dataDir });
      const file = path.join(dataDir, "secret-key");
      expect(readFileSync(file, "utf8").trim()).toBe(first.toString());
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(serverSecretKey({ secretKey: null, databaseUrl: null, dataDir })).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is required with PostgreSQL: every instance must seal alike", () => {
    expect(() =>
      serverSecretKey({ secretKey: null, databaseUrl: "postgres://db/trainwright", dataDir: "data" }),
    ).toThrow(ConfigError);
  });
});
