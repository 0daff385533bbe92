import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/platform/http/config.js";

/** The error loadConfig throws for this environment; fails the test when it throws none. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("runs with an empty environment: embedded SQLite under ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("data"),
      databaseUrl: null,
      secureCookies: false,
      sessionDays: 30,
      rateLimit: { windowSeconds: 900, perEmail: 10, perIp: 100, perApiKey: 3000 },
      clientDir: path.resolve("dist/client"),
      logLevel: "info",
      trustProxy: false,
      contentTimeLimitMs: 5000,
      metricsToken: null,
      shutdownTimeoutSeconds: 25,
      passwordHashing: { memoryKib: 19_456, iterations: 2 },
      publicUrl: null,
      mail: null,
      mailPollMs: 10_000,
      scormStorageBytes: 2048 * 1024 * 1024,
      secretKey: null,
      allowPrivateDestinations: false,
    });
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/tw-data",
      DATABASE_URL: "postgresql://app@db.internal:5432/trainwright",
      SECURE_COOKIES: "true",
      SESSION_DAYS: "7",
      RATE_LIMIT_WINDOW_SECONDS: "60",
      RATE_LIMIT_PER_EMAIL: "5",
      RATE_LIMIT_PER_IP: "50",
      RATE_LIMIT_PER_API_KEY: "120",
      CLIENT_DIR: "/srv/client",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "10.0.0.5, 10.1.0.0/16",
      CONTENT_TIME_LIMIT_MS: "2000",
      METRICS_TOKEN: "scrape-me-0123456789",
      SHUTDOWN_TIMEOUT_SECONDS: "40",
      PASSWORD_HASH_MEMORY_KIB: "65536",
      PASSWORD_HASH_ITERATIONS: "3",
      SMTP_URL: "smtps://mailer:pw@mail.internal:465",
      MAIL_FROM: "training@example.com",
      PUBLIC_URL: "https://training.example.com",
      MAIL_POLL_MS: "2000",
      SCORM_STORAGE_MB: "300",
      SECRET_KEY: "kept-sealed-0123456789-0123456789-abc",
      ALLOW_PRIVATE_DESTINATIONS: "true",
    });
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/tmp/tw-data",
      databaseUrl: "postgresql://app@db.internal:5432/trainwright",
      secureCookies: true,
      sessionDays: 7,
      rateLimit: { windowSeconds: 60, perEmail: 5, perIp: 50, perApiKey: 120 },
      clientDir: "/srv/client",
      logLevel: "warn",
      trustProxy: ["10.0.0.5", "10.1.0.0/16"],
      contentTimeLimitMs: 2000,
      metricsToken: "scrape-me-0123456789",
      shutdownTimeoutSeconds: 40,
      passwordHashing: { memoryKib: 65_536, iterations: 3 },
      publicUrl: "https://training.example.com",
      mail: {
        smtpUrl: "smtps://mailer:pw@mail.internal:465",
        from: "training@example.com",
        publicUrl: "https://training.example.com",
      },
      mailPollMs: 2000,
      scormStorageBytes: 300 * 1024 * 1024,
      secretKey: "kept-sealed-0123456789-0123456789-abc",
      allowPrivateDestinations: true,
    });
  });

  it("treats blank values as unset", () => {
    expect(loadConfig({ PORT: " ", SECURE_COOKIES: "", DATABASE_URL: "  ", LOG_LEVEL: "" })).toMatchObject({
      port: 3000,
      secureCookies: false,
      databaseUrl: null,
      logLevel: "info",
    });
  });

  it("reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges, never as 'everyone'", () => {
    for (const no of ["", "0", "false", "No", "off"]) expect(loadConfig({ TRUST_PROXY: no }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback,::1,fd00::/8" }).trustProxy).toEqual(["loopback", "::1", "fd00::/8"]);
    for (const everyone of ["true", "TRUE", "yes", "on"]) {
      expect(configError({ TRUST_PROXY: everyone }).message).toMatch(/would trust every X-Forwarded-For/);
    }
  });
});

describe("loadConfig errors: one line that names the variable", () => {
  const cases: Array<[string, string]> = [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["SESSION_DAYS", "0"],
    ["SESSION_DAYS", "366"],
    ["RATE_LIMIT_WINDOW_SECONDS", "0"],
    ["RATE_LIMIT_PER_EMAIL", "ten"],
    ["RATE_LIMIT_PER_IP", "0"],
    ["SECURE_COOKIES", "maybe"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "11"],
    ["TRUST_PROXY", "10.0.0.300"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "proxy.example.com"],
    ["PASSWORD_HASH_MEMORY_KIB", "4"],
    ["PASSWORD_HASH_ITERATIONS", "0"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://user@host/db"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_URL", "postgres://user@host:5432"],
  ];
  it.each(cases)("%s=%s", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message.length).toBeLessThan(200);
  });

  it("never repeats a database password in its message", () => {
    // An invalid port makes the URL unparseable while it still carries a password.
    const error = configError({ DATABASE_URL: "postgres://app:s3cret-pw@db.internal:99999/trainwright" });
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toContain("s3cret-pw");
  });
});

describe("loadConfig e-mail settings (decision 0130)", () => {
  const MAIL = {
    SMTP_URL: "smtp://user:pw@mail.example.com:587",
    MAIL_FROM: "Trainwright <t@example.com>",
    PUBLIC_URL: "https://training.example.com/",
  };

  it("is off without SMTP_URL, and on with all three (the public address without its trailing slash)", () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig(MAIL).mail).toEqual({
      smtpUrl: MAIL.SMTP_URL,
      from: MAIL.MAIL_FROM,
      publicUrl: "https://training.example.com",
    });
    expect(loadConfig({}).mailPollMs).toBe(10_000);
  });

  it("reads PUBLIC_URL without e-mail too (links are built on it, never on a request's Host)", () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: "https://training.example.com/app/" }).publicUrl).toBe(
      "https://training.example.com/app",
    );
    expect(configError({ PUBLIC_URL: "training.example.com" }).message).toContain("PUBLIC_URL");
    expect(configError({ PUBLIC_URL: "ftp://training.example.com" }).message).toContain("PUBLIC_URL");
  });

  it.each([
    ["MAIL_FROM", { MAIL_FROM: "t@example.com" }],
    ["MAIL_FROM", { ...MAIL, MAIL_FROM: "" }],
    ["MAIL_FROM", { ...MAIL, MAIL_FROM: "not an address" }],
    ["PUBLIC_URL", { ...MAIL, PUBLIC_URL: "" }],
    ["PUBLIC_URL", { ...MAIL, PUBLIC_URL: "ftp://training.example.com" }],
    ["SMTP_URL", { ...MAIL, SMTP_URL: "http://mail.example.com" }],
    ["SMTP_URL", { ...MAIL, SMTP_URL: "smtp://user:s3cret-pw@mail.example.com:99999" }],
    ["MAIL_POLL_MS", { MAIL_POLL_MS: "5" }],
    ["SECRET_KEY", { SECRET_KEY: "s3cret-pw-too-short" }],
  ])("refuses a bad %s", (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain("s3cret-pw");
  });
});
