import { z } from "zod";
import { dateAnswer, plainJson } from "#server/platform/api/wire-format.js";
import { API_KEY_ACCESS, type ApiKeyAccess } from "#shared/schemas/api-keys.js";
import type { ApiKey } from "./api-key.entity.js";

/** A key as the admin's list shows it: never the key itself, nor its hash. */
export interface ApiKeyView {
  id: number;
  name: string;
  role: ApiKeyAccess;
  /** The key's first characters, to tell it apart. */
  prefix: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** ApiKeyView as a declared answer (the OpenAPI document, the contract test). */
export const apiKeyAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(API_KEY_ACCESS),
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: dateAnswer(),
  expiresAt: dateAnswer().nullable(),
  lastUsedAt: dateAnswer().nullable(),
});

export const newApiKeyAnswer = z.object({ key: z.string(), apiKey: apiKeyAnswer });
export const revokedAnswer = z.object({ revoked: z.literal(true) });

/** A key just made: the one answer that carries the key itself (api-keys/create). */
export interface NewApiKeyView {
  key: string;
  apiKey: ApiKeyView;
}

/** `createdBy`: the maker's name, when the key's user is not loaded (a key just made by the caller). */
export function presentApiKey(apiKey: ApiKey, createdBy = apiKey.createdBy.name): ApiKeyView {
  return {
    id: apiKey.id,
    name: apiKey.name,
    role: apiKey.access,
    prefix: apiKey.shownPrefix,
    createdBy,
    createdAt: apiKey.createdAt,
    expiresAt: apiKey.expiresAt,
    lastUsedAt: apiKey.lastUsedAt,
  };
}

export function presentNewApiKey(apiKey: ApiKey, key: string, createdBy: string): NewApiKeyView {
  return { key, apiKey: presentApiKey(apiKey, createdBy) };
}

export function presentRevoked(): { revoked: true } {
  return plainJson({ revoked: true as const });
}
