import type { EntityManager } from "@mikro-orm/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { resumeSession, startSession } from "#server/modules/identity/index.js";
import { Organization } from "#server/modules/organizations/index.js";
import { type AppServices, nowOf } from "#server/platform/api/trpc.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { publicBaseUrl } from "#server/platform/http/public-url.js";
import { API_PREFIX } from "#shared/constants.js";
import type { SsoSignInError } from "#shared/schemas/sso.js";
import { authorizationRequest, completeSignIn, discoverProvider } from "./oidc-client.js";
import { SsoDomain, SsoProvider } from "./sso.entity.js";
import { accountForClaims } from "./sso-accounts.js";
import { clearLoginState, LOGIN_STATE_TTL_MS, readLoginState, setLoginState } from "./sso-login-state.js";

/**
 * The company sign-in's two browser redirects (docs/decisions/0370-oidc-sign-in.md): `sso/start` sends the
 * browser to the organization's provider, `sso/callback` (on PUBLIC_URL) takes it back, signs the person
 * in with identity's one session mechanism and opens their organization. They answer redirects, not
 * JSON, so they are routes of their own (registered by server/app.ts) rather than procedures; every
 * refusal lands on the sign-in page with its reason (`/login?sso=<reason>`), never in a JSON answer.
 */

const START_PATH = `${API_PREFIX}/sso/start`;
const CALLBACK_PATH = `${API_PREFIX}/sso/callback`;

function backToSignIn(reply: FastifyReply, reason: SsoSignInError) {
  return reply.redirect(`/login?sso=${reason}`, 303);
}

/**
 * The provider a sign-in starts with: the one of the e-mail's domain, or the organization's first. The
 * organization is found first (the domain's row names it), then `em` is scoped to it for the provider.
 */
async function providerToStart(em: EntityManager, query: { email?: unknown; org?: unknown }) {
  if (typeof query.email === "string" && query.email.includes("@")) {
    const domain = query.email.trim().toLowerCase().split("@").pop() ?? "";
    const row = await em.findOne(SsoDomain, { domain }, { filters: false });
    if (!row) return null;
    scopeToOrganization(em, row.organization.id);
    return em.findOne(SsoProvider, { id: row.provider.id }, { populate: ["sealedClientSecret"] });
  }
  if (typeof query.org === "string" && query.org !== "") {
    const organization = await em.findOne(Organization, { slug: query.org.trim().toLowerCase() });
    if (!organization) return null;
    scopeToOrganization(em, organization.id);
    return em.findOne(SsoProvider, {}, { populate: ["sealedClientSecret"], orderBy: { createdAt: "asc", id: "asc" } });
  }
  return null;
}

function callbackUrl(services: AppServices, req: FastifyRequest): string {
  return `${publicBaseUrl(services.config, req.server)}${CALLBACK_PATH}`;
}

export function registerSsoSignIn(app: FastifyInstance, services: AppServices): void {
  const { config } = services;

  app.get<{ Querystring: { email?: unknown; org?: unknown } }>(START_PATH, async (req, reply) => {
    const now = nowOf(services);
    const em = services.orm.em.fork();
    const provider = await providerToStart(em, req.query);
    if (!provider) return backToSignIn(reply, "noProvider");
    let request: Awaited<ReturnType<typeof authorizationRequest>>;
    try {
      const client = await discoverProvider(config, provider, now);
      const hint = typeof req.query.email === "string" ? req.query.email.trim() : null;
      request = await authorizationRequest(client, callbackUrl(services, req), hint);
    } catch (error) {
      req.log.warn({ err: error, providerId: provider.id }, "identity provider discovery failed");
      return backToSignIn(reply, "failed");
    }
    setLoginState(reply, config, {
      ...request.checks,
      providerId: provider.id,
      organizationId: provider.organization.id,
      expiresAt: now.getTime() + LOGIN_STATE_TTL_MS,
    });
    return reply.redirect(request.url.href, 303);
  });

  app.get(CALLBACK_PATH, async (req, reply) => {
    const now = nowOf(services);
    const state = readLoginState(req, config, now);
    // One use: whatever happens next, this browser's half-done sign-in is over.
    clearLoginState(reply, config);
    if (!state) return backToSignIn(reply, "failed");
    const em = services.orm.em.fork();
    scopeToOrganization(em, state.organizationId);
    const provider = await em.findOne(
      SsoProvider,
      { id: state.providerId },
      { populate: ["sealedClientSecret", "organization"] },
    );
    if (!provider) return backToSignIn(reply, "failed");
    let claims: Awaited<ReturnType<typeof completeSignIn>>;
    try {
      const client = await discoverProvider(config, provider, now);
      const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
      claims = await completeSignIn(client, new URL(`${callbackUrl(services, req)}${query}`), state);
    } catch (error) {
      // The library's reason (state, code, nonce, expiry, signature) for the log; never the token itself.
      req.log.warn({ err: error, providerId: provider.id }, "company sign-in refused");
      return backToSignIn(reply, "failed");
    }
    // A browser already signed in to the account is the password proof that links it (decision 0370).
    const signedIn = await resumeSession(em, req, reply, config);
    const organization = provider.organization;
    const outcome = await em.transactional(async (tx) => {
      scopeToOrganization(tx, state.organizationId);
      const found = await accountForClaims(tx, provider, organization, claims, signedIn?.user.id ?? null);
      if ("user" in found) startSession(tx, reply, config, found.user, provider.name);
      return found;
    });
    if ("refused" in outcome) return backToSignIn(reply, outcome.refused);
    return reply.redirect(`/${organization.slug}/dashboard`, 303);
  });
}
