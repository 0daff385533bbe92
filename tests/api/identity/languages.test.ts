import { describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import es from "#shared/i18n/es.json" with { type: "json" };
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.js";
import { MESSAGES as AUTH_MESSAGES } from "#shared/schemas/auth.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { errorOf } from "../support/fixtures.js";
import { me, ok, orgWithMembers, refusal, signUp } from "../support/org-fixtures.js";
import { suiteApp } from "../support/suite.js";

/**
 * Interface languages (docs/decisions/0380-interface-languages.md): auth/me answers the language a person
 * is served in (their account's choice, else their browser's, else their organization's default), the
 * account page sets it, admins set their organization's default, and the server's messages come in the
 * caller's language (docs/decisions/0381-messages-translated-at-the-edge.md).
 */

const app = suiteApp();

const speaking = (acceptLanguage: string) => ({ headers: { "accept-language": acceptLanguage } });
const POLISH = speaking("pl-PL,pl;q=0.9");

describe("the language a person is answered in", () => {
  it("follows the browser until the account chooses one, and the browser again once the choice is cleared", async () => {
    const person = await signUp(app, "lang");
    expect(await me(person.api)).toMatchObject({ language: "en", languageSetting: null });
    expect(ok(await person.api.get("/_api/auth/me", undefined, speaking("es-MX,es;q=0.9,en;q=0.5")))).toMatchObject({
      language: "es",
      languageSetting: null,
    });

    const saved = ok(await person.api.post("/_api/account/preferences", { language: "es" }, speaking("en-US")));
    expect(saved).toMatchObject({ language: "es", languageSetting: "es" });
    expect(ok(await person.api.get("/_api/auth/me", undefined, speaking("en-US")))).toMatchObject({ language: "es" });

    ok(await person.api.post("/_api/account/preferences", { language: null }));
    expect(ok(await person.api.get("/_api/auth/me", undefined, speaking("en-US")))).toMatchObject({
      language: "en",
      languageSetting: null,
    });
  });

  it("refuses a language that is not offered, in the caller's language, and changes nothing", async () => {
    const person = await signUp(app, "lang-bad");
    const english = await person.api.post("/_api/account/preferences", { language: "fr" });
    expect(refusal(english)).toEqual({ status: 400, error: ACCOUNT_MESSAGES.languageInvalid });
    const spanish = await person.api.post("/_api/account/preferences", { language: "fr" }, speaking("es"));
    expect(refusal(spanish)).toEqual({ status: 400, error: es["message.languageInvalid"] });
    expect(await me(person.api)).toMatchObject({ languageSetting: null });
  });

  it("falls back on the organization's default, which only its admins change", async () => {
    const team = await orgWithMembers(app, { roles: ["manager", "learner"], label: "lang-org" });
    const { manager, learner } = team.members;
    expect(ok(await manager.api.get("/_api/orgs/language"))).toEqual({ defaultLanguage: "en" });

    const byManager = await manager.api.post("/_api/orgs/language", { defaultLanguage: "es" });
    expect(refusal(byManager)).toEqual({ status: 403, error: "You don't have permission to do that." });
    expect(ok(await team.admin.api.post("/_api/orgs/language", { defaultLanguage: "es" }))).toEqual({
      defaultLanguage: "es",
    });

    // A browser asking only for languages not offered gets the organization's; one asking for English keeps it.
    expect(ok(await learner.api.get("/_api/auth/me", undefined, POLISH))).toMatchObject({ language: "es" });
    expect(ok(await learner.api.get("/_api/auth/me", undefined, speaking("en")))).toMatchObject({ language: "en" });
    // Its messages too: a learner's refusal, in the organization's language.
    const refused = await learner.api.post("/_api/orgs/language", { defaultLanguage: "en" }, POLISH);
    expect(refusal(refused)).toEqual({ status: 403, error: es["message.error.forbidden"] });
  });

  it("is another organization's business: a stranger's change is not found and changes nothing", async () => {
    const team = await orgWithMembers(app, { label: "lang-own" });
    const stranger = await orgWithMembers(app, { label: "lang-stranger" });
    const naming = { headers: { [ORGANIZATION_HEADER]: String(team.org.id) } };
    const read = await stranger.admin.api.get("/_api/orgs/language", undefined, naming);
    expect(refusal(read)).toEqual({ status: 404, error: ORG_MESSAGES.noAccess });
    const write = await stranger.admin.api.post("/_api/orgs/language", { defaultLanguage: "es" }, naming);
    expect(refusal(write)).toEqual({ status: 404, error: ORG_MESSAGES.noAccess });
    expect(ok(await team.admin.api.get("/_api/orgs/language"))).toEqual({ defaultLanguage: "en" });
  });
});

describe("messages in the caller's language", () => {
  it("answers validation in Spanish to a Spanish browser, in the spec's English otherwise", async () => {
    const api = app.newAgent();
    const body = { email: "not-an-address", password: "whatever1" };
    expect(errorOf(await api.post("/_api/auth/login", body))).toBe(AUTH_MESSAGES.invalidEmail);
    expect(errorOf(await api.post("/_api/auth/login", body, speaking("es-ES,es;q=0.9")))).toBe(
      es["message.auth.invalidEmail"],
    );
  });

  it("answers the typed client in the account's language, whatever the browser asks", async () => {
    const person = await signUp(app, "lang-trpc");
    ok(await person.api.post("/_api/account/preferences", { language: "es" }));
    const response = await person.api.post(
      "/_api/trpc/account.preferences",
      { json: { language: "klingon" } },
      speaking("en-US"),
    );
    expect(response.status).toBe(400);
    expect(response.text).toContain(es["message.languageInvalid"]);
  });
});
