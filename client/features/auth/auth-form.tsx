import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { EmailField } from "#client/components/ui/email-field.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { FormFooter } from "#client/components/ui/form-footer.js";
import { Input } from "#client/components/ui/input.js";
import { LOGIN_FOCUS_DELAY_MS } from "#shared/constants.js";
import type { TranslationKey } from "#shared/i18n/setup.js";
import { loginInput, registerInput } from "#shared/schemas/auth.js";
import type { CurrentUser } from "./current-user.js";
import { loginErrorText, registerErrorText } from "./messages.js";
import { useLogin, useRegister } from "./mutations.js";

export type AuthMode = "signin" | "signup";

interface AuthFormValues {
  name: string;
  email: string;
  password: string;
}

// Both modes share one set of fields; sign-in carries the (unrendered) name through untouched so that
// one form type serves both, while the rules and messages stay those of the shared schemas.
const RESOLVERS = {
  signin: zodResolver(loginInput.extend({ name: z.string() })),
  signup: zodResolver(registerInput),
} as const;

const TEXT = {
  signin: { submit: "auth.signin.submit", prompt: "auth.signin.prompt", toggle: "auth.signin.toggle" },
  signup: { submit: "auth.signup.submit", prompt: "auth.signup.prompt", toggle: "auth.signup.toggle" },
} as const satisfies Record<AuthMode, Record<string, TranslationKey>>;

export interface AuthFormProps {
  mode: AuthMode;
  /** The raw `next` search parameter, kept when switching modes. */
  next?: string;
  /**
   * An address the account must use (the invite page): shown read-only and submitted as is. The mode
   * toggle is hidden then, since whether that address has an account already decides the mode.
   */
  fixedEmail?: string;
  /** The name the inviter typed (the invite page): filled in, for the person to keep or correct. */
  suggestedName?: string;
  /**
   * The invitation being accepted (the invite page): sent with the registration, which is then never rate
   * limited (decision 0265).
   */
  inviteToken?: string;
  /** Replaces the submit button's "Log In" / "Create Account". */
  submitLabel?: string;
  /** When given, the form stays on the page after success and hands the user to the caller instead. */
  onAuthenticated?: (user: CurrentUser) => void;
}

/**
 * The login / sign-up form (docs/SPEC.md §2). Render it with `key={mode}`: switching modes then starts a fresh
 * form, which is the spec's "toggling resets the form", and re-runs the initial focus.
 */
/** The form's fields as they stand on screen (the name only in sign-up mode). */
const FIELD_ORDER = ["name", "email", "password"] as const;

export function AuthForm({
  mode,
  next,
  fixedEmail,
  suggestedName = "",
  inviteToken,
  submitLabel,
  onAuthenticated,
}: AuthFormProps) {
  const { t } = useTranslation();
  const isSignUp = mode === "signup";
  const navigation = { next, skipNavigation: onAuthenticated !== undefined, onAuthenticated };
  const login = useLogin(navigation);
  const register = useRegister(navigation);
  const pending = login.isPending || register.isPending;
  const failure = isSignUp
    ? register.error && registerErrorText(register.error)
    : login.error && loginErrorText(login.error);

  const {
    register: field,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<AuthFormValues>({
    resolver: RESOLVERS[mode],
    mode: "onSubmit",
    reValidateMode: "onChange",
    // react-hook-form's own choice put an empty sign-up in Email, not Name: onInvalid below decides instead.
    shouldFocusError: false,
    // No default for the typed fields: react-hook-form then reads what the field holds when it registers,
    // so text typed into the prerendered /login before the app took it over is kept (decision 0201). A
    // default would overwrite it. The sign-in form's unrendered name still needs its "".
    defaultValues: fixedEmail === undefined ? { name: suggestedName } : { name: suggestedName, email: fixedEmail },
  });

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Someone who already clicked or typed into a field keeps it: the delayed focus must not pull
      // them (or their keystrokes) into another field.
      if (formRef.current?.contains(document.activeElement)) return;
      // A fixed e-mail needs no typing: sign-in starts at the password then.
      setFocus(isSignUp ? "name" : fixedEmail ? "password" : "email");
    }, LOGIN_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isSignUp, fixedEmail, setFocus]);

  const onSubmit = handleSubmit(
    (values) => {
      if (isSignUp) register.mutate({ name: values.name, email: values.email, password: values.password, inviteToken });
      else login.mutate({ email: values.email, password: values.password });
    },
    (invalid) => {
      // The first field on screen that needs fixing, top to bottom.
      const first = FIELD_ORDER.find((name) => invalid[name] && (isSignUp || name !== "name"));
      if (first) setFocus(first);
    },
  );

  const text = TEXT[mode];
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={pending || undefined}>
      {failure && <FormAlert>{failure}</FormAlert>}

      {isSignUp && (
        <FormField label={t("auth.name")} error={errors.name?.message}>
          {(control) => (
            <Input {...control} {...field("name")} autoComplete="name" placeholder={t("auth.namePlaceholder")} />
          )}
        </FormField>
      )}
      <EmailField
        registration={field("email")}
        error={errors.email?.message}
        placeholder={t("auth.emailPlaceholder")}
        readOnly={fixedEmail !== undefined}
      />
      <FormField label={t("auth.password")} error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...field("password")}
            type="password"
            autoComplete={isSignUp ? "new-password" : "current-password"}
          />
        )}
      </FormField>
      {!isSignUp && (
        <p className="-mt-3 text-end text-sm">
          <Link
            to="/forgot-password"
            className="rounded font-medium text-brand-600 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {t("auth.forgotPassword")}
          </Link>
        </p>
      )}

      <FormFooter submitLabel={submitLabel ?? t(text.submit)} pending={pending} layout="page">
        {fixedEmail === undefined && (
          <p className="text-center text-sm text-slate-600">
            {t(text.prompt)}{" "}
            <Link
              to="/login"
              search={isSignUp ? { next } : { signup: true, next }}
              className="rounded font-semibold text-brand-600 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {t(text.toggle)}
            </Link>
          </p>
        )}
      </FormFooter>
    </form>
  );
}
