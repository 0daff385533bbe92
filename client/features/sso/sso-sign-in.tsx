import { Building2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { localizeMessage } from "#shared/i18n/messages.js";
import { SSO_SIGN_IN_ERRORS, type SsoSignInError } from "#shared/schemas/sso.js";

/**
 * "Continue with your organization's sign-in" (docs/decisions/0370-oidc-sign-in.md): a work e-mail or the
 * organization's address name (slug) sends the browser to the company's provider through the server. A
 * sign-in that came back refused says why (`reason`, from `/login?sso=`).
 */
export function OrganizationSignIn({ reason }: { reason?: SsoSignInError }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(reason !== undefined);
  const [who, setWho] = useState("");
  const start = (event: FormEvent) => {
    event.preventDefault();
    const value = who.trim();
    if (value === "") return;
    const query = new URLSearchParams(value.includes("@") ? { email: value } : { org: value.toLowerCase() });
    window.location.assign(`/_api/sso/start?${query}`);
  };
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-6">
      {reason && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {localizeMessage(SSO_SIGN_IN_ERRORS[reason], t)}
        </p>
      )}
      {open ? (
        <form onSubmit={start} className="flex flex-col gap-3">
          <FormField label={t("sso.who")}>
            {(control) => (
              <Input
                {...control}
                value={who}
                onChange={(event) => setWho(event.target.value)}
                placeholder="you@company.com"
                autoComplete="email"
                required
              />
            )}
          </FormField>
          <Button type="submit" variant="outline">
            <Building2 className="size-4" aria-hidden="true" />
            {t("sso.continue")}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <Building2 className="size-4" aria-hidden="true" />
          {t("sso.continueWithOrganization")}
        </Button>
      )}
    </div>
  );
}

/** The `sso` search parameter of the sign-in page, when it names a known reason. */
export function ssoReasonOf(value: unknown): SsoSignInError | undefined {
  return typeof value === "string" && value in SSO_SIGN_IN_ERRORS ? (value as SsoSignInError) : undefined;
}
