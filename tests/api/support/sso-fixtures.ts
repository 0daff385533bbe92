import { expect } from "vitest";
import type { SsoProviderView } from "#server/modules/sso/sso-providers.presenter.js";
import { ok } from "../../support/agent.js";
import type { ProviderAccount, TestIdentityProvider } from "../../support/identity-provider.js";
import type { TestApp } from "./app.js";
import { ApiClient, type ApiResponse } from "./client.js";

/** The company sign-in's API test steps (docs/decisions/0370-oidc-sign-in.md), through a real provider. */

let accountNumber = 0;

/** A new account at the provider; its login is also its `sub`. */
export function providerAccount(idp: TestIdentityProvider, account: Partial<ProviderAccount> & { email: string }) {
  accountNumber += 1;
  const login = `person-${accountNumber}-${Date.now().toString(36)}`;
  idp.accounts.set(login, { emailVerified: true, name: `Person ${accountNumber}`, ...account });
  return login;
}

export async function addProvider(
  admin: ApiClient,
  idp: TestIdentityProvider,
  input: Record<string, unknown>,
): Promise<SsoProviderView> {
  return ok<SsoProviderView>(
    await admin.post("/_api/sso/providers/create", {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      ...input,
    }),
  );
}

export interface ProviderTrip {
  /** Change the authorization request on its way to the provider (a wrong nonce). */
  alterAuthorization?: (url: URL) => void;
}

/**
 * `sso/start` with `query`, then the provider's own pages as a browser would go through them (its login
 * form, as `login`), up to the redirect back to the app: answers that callback address, not yet opened.
 */
export async function throughProvider(
  app: TestApp,
  browser: ApiClient,
  idp: TestIdentityProvider,
  query: Record<string, string>,
  login: string,
  trip: ProviderTrip = {},
): Promise<URL> {
  const start = await browser.get("/_api/sso/start", query);
  expect(start.status, start.text).toBe(303);
  const authorization = new URL(start.headers.get("location") ?? "");
  expect(authorization.origin).toBe(idp.issuer);
  trip.alterAuthorization?.(authorization);
  const atProvider = new ApiClient(idp.issuer);
  let response = await atProvider.get(authorization.href);
  for (let step = 0; step < 10; step += 1) {
    if (response.status === 200 && response.text.includes('name="login"')) {
      const action = /action="([^"]+)"/.exec(response.text)?.[1] ?? "";
      const form = new URLSearchParams({ prompt: "login", login, password: "any password" });
      response = await atProvider.post(action, undefined, {
        raw: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      continue;
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`The provider answered ${response.status}: ${response.text.slice(0, 300)}`);
    const next = new URL(location, idp.issuer);
    if (next.origin === app.url) return next;
    response = await atProvider.get(next.href);
  }
  throw new Error("The provider never sent the browser back");
}

/** Opens the callback in `browser`; answers where it sends the browser next. */
export async function backAtApp(
  browser: ApiClient,
  callback: URL,
): Promise<{ response: ApiResponse; location: string }> {
  const response = await browser.get(callback.pathname + callback.search);
  expect(response.status, response.text).toBe(303);
  return { response, location: response.headers.get("location") ?? "" };
}
