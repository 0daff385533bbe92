import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError } from "#server/platform/http/config.js";

/**
 * The server's secret for sealing (sealing.ts; docs/decisions/0302-secret-key-and-sealing.md): SECRET_KEY,
 * or, with the embedded SQLite database and SECRET_KEY unset, a random one generated once into the data
 * folder beside the database (and backed up with it by the operator). With PostgreSQL every instance must
 * seal alike, so SECRET_KEY is required there: refused at start (server/main.ts), not guessed.
 */

const SECRET_FILE = "secret-key";

const known = new Map<string, Buffer>();

export function serverSecretKey(config: Pick<Config, "secretKey" | "databaseUrl" | "dataDir">): Buffer {
  if (config.secretKey !== null) return Buffer.from(config.secretKey, "utf8");
  if (config.databaseUrl !== null) {
    throw new ConfigError("SECRET_KEY must be set with DATABASE_URL: every instance must seal with the same key.");
  }
  const file = path.join(config.dataDir, SECRET_FILE);
  const cached = known.get(file);
  if (cached) return cached;
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(config.dataDir, { recursive: true });
    // `wx`: two processes starting at once never overwrite each other's; the loser reads the winner's.
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== "EEXIST") throw writeError;
    }
    secret = readFileSync(file, "utf8").trim();
  }
  const key = Buffer.from(secret, "utf8");
  known.set(file, key);
  return key;
}
