import { createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider (the certified `oidc-provider` package) on 127.0.0.1, for the company sign-in's
 * tests, API and browser alike (docs/decisions/0370-oidc-sign-in.md). Its login page is the package's own
 * (any password; the login names an account of `accounts`); consent is granted without a page.
 */

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By login, which is also the account's `sub`. */
  accounts: Map<string, ProviderAccount>;
  /** How long its ID tokens are valid: a test shortens it to see an expired one refused. */
  idTokenTtlSeconds: number;
  /** When set, the token endpoint's ID token comes signed with a key the provider does not publish. */
  forgeIdTokenSignature: boolean;
  close(): Promise<void>;
}

const PASS_THROUGH = "x-test-untouched";

function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Starts the provider; `redirectUris` are the relying party's callbacks it accepts. */
export async function startIdentityProvider(redirectUris: readonly string[]): Promise<TestIdentityProvider> {
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const forgerKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const harness: TestIdentityProvider = {
    issuer,
    clientId: `trainwright-${randomBytes(4).toString("hex")}`,
    clientSecret: randomBytes(24).toString("base64url"),
    accounts: new Map(),
    idTokenTtlSeconds: 3600,
    forgeIdTokenSignature: false,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: harness.clientId,
        client_secret: harness.clientSecret,
        redirect_uris: [...redirectUris],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx, id) {
      const account = harness.accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The claims in the ID token itself, as Entra and Google put them, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [{ ...signingKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { IdToken: () => harness.idTokenTtlSeconds },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on("request", async (req, res) => {
    if (
      !(harness.forgeIdTokenSignature && req.method === "POST" && req.url === "/token" && !req.headers[PASS_THROUGH])
    ) {
      handle(req, res);
      return;
    }
    // The provider's own answer, with its ID token signed again by the forger's key under the same key id.
    const answer = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "", [PASS_THROUGH]: "1" },
      body: new Uint8Array(await bodyOf(req)),
    });
    const tokens = (await answer.json()) as Record<string, unknown>;
    if (typeof tokens.id_token === "string") {
      const [header, payload] = tokens.id_token.split(".");
      const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(forgerKey, "base64url");
      tokens.id_token = `${header}.${payload}.${signature}`;
    }
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(tokens));
  });
  return harness;
}
