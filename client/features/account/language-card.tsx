import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/components/ui/select.js";
import { errorMessage } from "#client/lib/errors.js";
import { switchLanguage } from "#client/lib/i18n.js";
import { toast } from "#client/lib/toast.js";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from "#shared/i18n/languages.js";
import { useSavePreferences } from "./queries.js";

/** The value of "follow the browser" in the picker (the account's setting is then null). */
const BROWSER = "browser";

/** The account page's language choice (decision 0380): every screen and every mail to the person follows it. */
export function LanguageCard({ setting }: { setting: Language | null }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const choose = (value: string) => {
    const language = isLanguage(value) ? value : null;
    save.mutate(
      { language },
      {
        // The screens switch before the toast, so that it says "saved" in the language chosen.
        onSuccess: async (user) => {
          await switchLanguage(user.language, true);
          toast.success(t("account.language.saved"));
        },
        onError: (error) => toast.error(errorMessage(error, t("account.language.failed"))),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("account.language.title")}</CardTitle>
        <CardDescription>{t("account.language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <FormField label={t("account.language.label")} className="max-w-xs">
          {(control) => (
            <Select value={setting ?? BROWSER} onValueChange={choose} disabled={save.isPending}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={BROWSER}>{t("account.language.browser")}</SelectItem>
                {LANGUAGES.map((language) => (
                  // Each language named in itself, so that someone who cannot read the current one finds theirs.
                  <SelectItem key={language} value={language} lang={language}>
                    {LANGUAGE_NAMES[language]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}
