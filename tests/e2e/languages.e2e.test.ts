import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, inviteViaApi, newPerson } from "./support/api-setup.js";
import { atPath, toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look, SERIOUS_OR_CRITICAL } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Interface languages (docs/decisions/0380-interface-languages.md): a Spanish browser gets the invite page,
 * the sign-up (its validation included) and the app's frame in Spanish.
 */

const session = harnessSession();
const SPANISH = { locale: "es-ES" };

describe.each(WIDTHS)("languages at %i px", (width) => {
  it("a cook invited from a Spanish browser signs up and lands in the app in Spanish", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const cook = newPerson("Cocinera");
    const link = await inviteViaApi(adminPage, cook);

    const page = await session.open(width, SPANISH);
    await page.goto(link);
    await visible(page.getByRole("heading", { name: "Te han invitado" }));
    await visible(page.getByText("te ha invitado a unirte a"));
    await visible(page.getByText("para hacer la formación allí"));
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByLabel("Correo electrónico", { exact: true }).inputValue()).toBe(cook.email);
    expect(await accessibilityProblems(page, "body", { impacts: SERIOUS_OR_CRITICAL })).toEqual([]);
    await look(page, "languages-invite-es");

    // The form's own validation speaks Spanish too (a message of the shared schemas, translated where shown).
    await page.getByLabel("Contraseña", { exact: true }).fill("corta");
    await page.getByRole("button", { name: "Crear cuenta y unirme" }).click();
    await visible(page.getByText("La contraseña debe tener al menos 8 caracteres."));
    await page.getByLabel("Contraseña", { exact: true }).fill(cook.password);
    await page.getByRole("button", { name: "Crear cuenta y unirme" }).click();

    await atPath(page, `/${org.slug}/dashboard`);
    await toast(page, "¡Te has unido a la organización!");
    // Followed from the browser, not chosen: the account keeps no setting.
    const me = await apiGet<{ languageSetting: string | null }>(page, "/_api/auth/me");
    expect(me.languageSetting).toBeNull();
    if (width < 768) {
      await page.getByRole("button", { name: "Menú" }).click();
    }
    await visible(page.getByRole("link", { name: "Panel" }).first());
    await visible(page.getByRole("link", { name: "Cuenta" }).first());
    await look(page, "languages-dashboard-es");
  });
});
