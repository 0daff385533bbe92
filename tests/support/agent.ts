import superjson from "superjson";
// Registers the matrix cells' superjson type (decision 0070).
import "#shared/matrix-cells.js";
import { expect } from "vitest";

/**
 * One browser's way of calling the documented REST paths. The API tests' `ApiClient` is one; a browser
 * test's page is another (`pageAgent` in tests/e2e/support/api-setup.ts). The fixtures of
 * tests/support/people.ts work with either, so API and browser tests set up their world the same way.
 */
export interface Agent {
  get(path: string, query?: Record<string, string>): Promise<AgentResponse>;
  post(path: string, body?: unknown): Promise<AgentResponse>;
}

export interface AgentResponse {
  status: number;
  /** The JSON body, superjson-deserialized when it has superjson's `json` envelope; the text otherwise. */
  body: unknown;
  text: string;
}

/** A response body as the client would read it (see AgentResponse.body). */
export function decodeBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) && "json" in parsed) {
    try {
      return superjson.deserialize(parsed as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      // Not superjson after all: the test sees the plain JSON and can say what is wrong with it.
      return parsed;
    }
  }
  return parsed;
}

/** The body of a successful call, typed as the caller says; any other status fails the test. */
export function ok<T = unknown>(response: AgentResponse): T {
  expect(response.status, response.text).toBe(200);
  return response.body as T;
}
