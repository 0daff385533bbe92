import superjson from "superjson";
// Registers the matrix cells' superjson type (decision 0070).
import "#shared/matrix-cells.js";
import { expect } from "vitest";
import { SESSION_COOKIE } from "#shared/constants.js";
import { type ApiResponse, parseSetCookie, type SetCookie } from "./client.js";

// The people of tests/support/people.ts, under the names the API tests have always imported from here.
export { type Credentials, newCredentials, registerUser } from "../../support/people.js";

/** The session cookie a response set, or undefined. */
export function sessionCookieOf(response: ApiResponse): SetCookie | undefined {
  return response.setCookies.map(parseSetCookie).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The error text of a failed REST call: the body must be exactly `{ error: <non-empty text> }`. */
export function errorOf(response: ApiResponse): string {
  expect(response.body, `status ${response.status}: ${response.text}`).toEqual({ error: expect.any(String) });
  const { error } = response.body as { error: string };
  expect(error.trim()).not.toBe("");
  return error;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

type SuperJsonResult = Parameters<typeof superjson.deserialize>[0];

/** The result of a successful tRPC call (`{ result: { data: <superjson> } }`), deserialized. */
export function trpcData(response: ApiResponse): unknown {
  expect(response.status, response.text).toBe(200);
  return superjson.deserialize(field(field(response.body, "result"), "data") as SuperJsonResult);
}

/** The error of a failed tRPC call (`{ error: <superjson of { message, code, data } > }`). */
export function trpcError(response: ApiResponse): { message: unknown; httpStatus: unknown; data: unknown } {
  const error = superjson.deserialize(field(response.body, "error") as SuperJsonResult);
  const data = field(error, "data");
  return { message: field(error, "message"), httpStatus: field(data, "httpStatus"), data };
}
