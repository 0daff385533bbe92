import { useEffect } from "react";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { browserLanguage, switchLanguage } from "#client/lib/i18n.js";

/**
 * Keeps every screen in the person's language (decision 0380): the one auth/me answers once they are
 * known (their choice, else their browser's, else their organization's), the browser's when signed out.
 */
export function LanguageSync() {
  const { data: user } = useCurrentUser();
  useEffect(() => {
    if (user === undefined) return;
    void switchLanguage(user ? user.language : browserLanguage(), user !== null);
  }, [user]);
  return null;
}
