import * as oidc from "openid-client";
import { unseal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import type { Config } from "#server/platform/http/config.js";
import type { SsoProvider } from "./sso.entity.js";
import { CLIENT_SECRET_PURPOSE } from "./sso-providers.data.js";

/**
 * The OpenID Connect relying party, all of it openid-client's (a certified library: no hand-written JWT
 * checks; docs/decisions/0370-oidc-sign-in.md): discovery, the authorization request with PKCE, state
 * and nonce, and the code exchange whose ID token it checks (issuer, audience, expiry, nonce, signature
 * from the provider's published keys).
 */

const SCOPE = "openid email profile";

/** What the browser carries between the two redirects, sealed in a cookie (sso-login-state.ts). */
export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The provider's configuration from its discovery document. `now` is the server's clock (tests move it):
 * openid-client judges expiry on it. Plain http is allowed for a provider on this machine only
 * (shared/schemas/sso.ts). The ID token's signature is checked against the provider's
 * published keys even though the token comes straight from the token endpoint, where OpenID Connect would
 * let a client trust TLS instead (decision 0370).
 */
export async function discoverProvider(config: Config, provider: SsoProvider, now: Date): Promise<oidc.Configuration> {
  const secret = unseal(provider.sealedClientSecret, serverSecretKey(config), CLIENT_SECRET_PURPOSE).toString("utf8");
  const issuer = new URL(provider.issuer);
  return oidc.discovery(
    issuer,
    provider.clientId,
    { client_secret: secret, [oidc.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000) },
    oidc.ClientSecretPost(secret),
    {
      execute:
        issuer.protocol === "http:"
          ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
          : [oidc.enableNonRepudiationChecks],
    },
  );
}

export async function authorizationRequest(
  client: oidc.Configuration,
  redirectUri: string,
  loginHint: string | null,
): Promise<{ url: URL; checks: LoginChecks }> {
  const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  };
  if (loginHint) parameters.login_hint = loginHint;
  return { url: oidc.buildAuthorizationUrl(client, parameters), checks };
}

/** What a checked ID token says of the person. */
export interface SignedInClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Exchanges the code and checks the ID token; throws on any failure (bad state, replayed code, bad token). */
export async function completeSignIn(
  client: oidc.Configuration,
  callbackUrl: URL,
  checks: LoginChecks,
): Promise<SignedInClaims> {
  const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("No ID token");
  const name = typeof claims.name === "string" ? claims.name.trim() : "";
  return {
    subject: claims.sub,
    email: typeof claims.email === "string" ? claims.email.trim() : "",
    // Only an explicit true: a provider that does not say, did not verify.
    emailVerified: claims.email_verified === true,
    name: name === "" ? null : name.slice(0, 100),
  };
}
