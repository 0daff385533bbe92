import { hash, verify } from "@node-rs/argon2";
import type { PasswordHashing } from "#server/platform/http/config.js";

// 2 is Argon2id in the library's const enum, which isolated modules cannot import.
const ARGON2ID = 2;

export function hashPassword(settings: PasswordHashing, password: string): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: settings.memoryKib,
    timeCost: settings.iterations,
    parallelism: 1,
  });
}

// Checked when the e-mail is unknown, so that a wrong e-mail costs the same time as a wrong password: one
// decoy per cost setting, made at that cost.
const decoyHashes = new Map<string, Promise<string>>();

function decoyHash(settings: PasswordHashing): Promise<string> {
  const key = `${settings.memoryKib}/${settings.iterations}`;
  let decoy = decoyHashes.get(key);
  if (decoy === undefined) {
    decoy = hashPassword(settings, "decoy password that matches nothing");
    decoyHashes.set(key, decoy);
  }
  return decoy;
}

/** Checks a password against its stored hash (whose own parameters apply), or against a decoy when there is none. */
export async function verifyPassword(
  settings: PasswordHashing,
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    await verify(await decoyHash(settings), password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
