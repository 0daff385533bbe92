import { useQuery } from "@tanstack/react-query";
import { CircleCheck, FileSignature, RefreshCw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Input } from "#client/components/ui/input.js";
import { formatDate } from "#client/lib/dates.js";
import { focusFirst } from "#client/lib/focus.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import { AGREEMENT_LABEL, RESIGN_LABEL } from "#shared/signoff-texts.js";
import { ChangeDiff } from "./change-diff.js";
import { lessonSignoffQuery } from "./queries.js";
import { QueuedSignature, useSignatureQueued, useSignLesson } from "./sign-offline.js";

/** The lesson as the sign-off section needs it (lessons/get's answer has these fields). */
export interface SignableLesson {
  id: number;
  title: string;
  content: string | null;
  version: number;
  /** Shown in a translation (lessons/get with a language): the signature names it (decision 0411). */
  language?: ContentLanguage | null;
  translation?: { version: number } | null;
}

/*
 * A learner's texts name no version number: the stored numbers count autosaves from before sign-off, and
 * the history shows them counted from 1 (docs/decisions/0291-version-numbers-shown.md). Dates say enough.
 */

/** "Signed" badge or "Updated — review and sign again", under the lesson's title. */
export function SignoffBadge({ lessonId }: { lessonId: number }) {
  const standing = useQuery(lessonSignoffQuery(lessonId));
  if (!standing.data) return null;
  if (standing.data.status === "signed")
    return (
      <Badge className="mt-2 bg-emerald-50 text-emerald-700 ring-emerald-200">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        Signed
      </Badge>
    );
  if (standing.data.status === "outdated")
    return (
      // Not a Badge: its variants' colours would override the warning's.
      <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
        <RefreshCw className="size-3.5" aria-hidden="true" />
        {RESIGN_LABEL}
      </span>
    );
  return null;
}

/** After a material change: what changed since the version the member signed, above the lesson. */
export function ChangesSinceSigned({ lesson }: { lesson: SignableLesson }) {
  const standing = useQuery(lessonSignoffQuery(lesson.id));
  const signed = standing.data?.signedText;
  if (standing.data?.status !== "outdated" || !signed) return null;
  return (
    <Card
      className="mt-6 border-amber-200 bg-amber-50/40 p-5 sm:p-6"
      role="region"
      aria-label="Changes since you signed"
    >
      <h2 className="text-base font-semibold text-slate-900">Changes since you signed</h2>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {standing.data.changesSince.map((change) => (
          <li key={change.version}>
            {change.summary ?? "Material change"}{" "}
            <span className="text-slate-500">({formatDate(change.createdAt)})</span>
          </li>
        ))}
      </ul>
      <ChangeDiff className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200" before={signed} after={lesson} />
    </Card>
  );
}

/**
 * Replaces "Mark as Complete" on a sign-off lesson: the agreement, the member's full name and Sign. The
 * version signed is the one this page shows, so a change saved meanwhile is refused, not signed unseen.
 */
export function SignPanel({ lesson }: { lesson: SignableLesson }) {
  const standing = useQuery(lessonSignoffQuery(lesson.id));
  const [agreed, setAgreed] = useState(false);
  const [fullName, setFullName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Signing replaces the form, Sign button included: focus moves to the note that says it is signed.
  const [justSigned, setJustSigned] = useState(false);
  const signedRef = useRef<HTMLDivElement>(null);
  const ids = { agree: useId(), name: useId(), error: useId() };
  const sign = useSignLesson({
    onError: setError,
    onSuccess: () => {
      setError(null);
      setAgreed(false);
      setFullName("");
      setJustSigned(true);
    },
  });
  const signed = standing.data?.status === "signed";
  // Signed offline, the note that it waits to sync takes the form's place instead (decision 0143).
  const queued = useSignatureQueued(lesson.id);
  useEffect(() => {
    if (!justSigned || !(signed || queued)) return;
    focusFirst(() => [signedRef.current]);
    setJustSigned(false);
  }, [justSigned, signed, queued]);
  if (queued && !signed) return <QueuedSignature ref={signedRef} lessonId={lesson.id} />;
  if (standing.data?.status === "signed") {
    return (
      <Card
        ref={signedRef}
        tabIndex={-1}
        role="region"
        className="mt-6 flex items-start gap-3 border-emerald-200 bg-emerald-50/50 p-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        aria-label="Sign-off"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <p className="text-sm text-slate-800">
          You signed this procedure{standing.data.signedAt ? ` on ${formatDate(standing.data.signedAt)}` : ""}.
        </p>
      </Card>
    );
  }
  return (
    <Card className="mt-6 p-5 sm:p-6" role="region" aria-label="Sign-off">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <FileSignature className="size-5 text-brand-600" aria-hidden="true" />
        Sign this procedure
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        This lesson is completed by signing it. Your signature records this version, the time and your device.
      </p>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          sign.mutate({ lesson, fullName });
        }}
      >
        <label htmlFor={ids.agree} className="flex items-start gap-2.5 text-sm text-slate-800">
          <input
            id={ids.agree}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          {AGREEMENT_LABEL}
        </label>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-800">
            Full name
          </label>
          <Input
            id={ids.name}
            value={fullName}
            autoComplete="name"
            placeholder="Type your full name as on your account"
            aria-describedby={error ? ids.error : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setFullName(event.target.value)}
            className="sm:max-w-sm"
          />
        </div>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="self-start" loading={sign.isPending} disabled={!agreed || !fullName.trim()}>
          {!sign.isPending && <FileSignature aria-hidden="true" />}
          Sign
        </Button>
      </form>
    </Card>
  );
}
