/**
 * The part of `oidc-provider` (which ships no types) that the test identity provider uses
 * (tests/support/identity-provider.ts).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(): AccountClaims | Promise<AccountClaims>;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface KoaContextWithOidc {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      provider: Provider;
    };
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required(): boolean };
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    loadExistingGrant?(ctx: KoaContextWithOidc): Promise<Grant | undefined>;
    renderError?(ctx: unknown, out: Record<string, unknown>, error: Error): void;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (init: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
