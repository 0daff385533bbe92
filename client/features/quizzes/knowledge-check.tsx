import { useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { CheckHeading } from "./check-heading.js";
import { CheckResult, SIGN_TO_COMPLETE } from "./check-result.js";
import type { LearnerCheck, SubmitResult } from "./queries.js";
import {
  dismissSyncedSubmission,
  QueuedSubmission,
  SUBMIT_TEXT,
  submitErrorText,
  useSubmissionQueued,
  useSubmitCheck,
  useSyncedSubmission,
} from "./submit-offline.js";

const ANSWER_EVERY_QUESTION = "Answer every question before you submit.";

function attemptsText(check: LearnerCheck): string {
  if (check.maxAttempts === null) return "Unlimited attempts";
  return `${check.attemptsLeft} of ${check.maxAttempts} attempts left`;
}

/**
 * The knowledge check on the lesson page, in place of "Mark as Complete" (decision 0110): the learner answers,
 * the server grades, and the result shows the score, the wrong questions and the explanations.
 * In the preview it is shown but cannot be submitted.
 */
export function KnowledgeCheck({
  lessonId,
  lessonTitle,
  check,
  preview,
  signaturePending = false,
}: {
  lessonId: number;
  lessonTitle: string;
  check: LearnerCheck;
  preview: boolean;
  /**
   * The lesson also requires sign-off and is not signed yet: a sign-off lesson is completed by signing
   * (decision 0101), so a pass alone does not complete it.
   */
  signaturePending?: boolean;
}) {
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const [result, setResult] = useState<SubmitResult | null>(null);
  const [missing, setMissing] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // "Try again" removes itself with the result: focus goes to the fresh form's first answer, not <body>.
  const [retried, setRetried] = useState(false);
  const submit = useSubmitCheck(setResult);
  // Answers submitted offline: waiting on the device, or graded since the connection returned.
  const queued = useSubmissionQueued(lessonId);
  const synced = useSyncedSubmission(lessonId);
  const graded = result ? { result, chosen } : synced;
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (!retried || graded) return;
    formRef.current?.querySelector("input")?.focus();
    setRetried(false);
  }, [retried, graded]);

  const choose = (questionId: number, optionId: number, single: boolean, on: boolean) => {
    setMissing(false);
    setChosen((now) => {
      const current = now[questionId] ?? [];
      const next = single ? [optionId] : on ? [...current, optionId] : current.filter((id) => id !== optionId);
      return { ...now, [questionId]: next };
    });
  };
  const send = () => {
    if (check.questions.some((question) => (chosen[question.id] ?? []).length === 0)) {
      setMissing(true);
      return;
    }
    submit.mutate({
      lesson: { id: lessonId, title: lessonTitle },
      answers: check.questions.map((question) => ({ questionId: question.id, optionIds: chosen[question.id] ?? [] })),
    });
  };
  const retry = () => {
    setResult(null);
    setChosen({});
    submit.reset();
    void dismissSyncedSubmission(lessonId);
    setRetried(true);
  };
  const spent = check.attemptsLeft === 0;

  return (
    <Card className="mt-6 p-5 sm:p-8" aria-labelledby="check-heading" role="region">
      <CheckHeading id="check-heading" />
      <p className="mt-1 text-sm text-slate-600">
        Pass with {check.passPercent}% or more to complete this lesson. {attemptsText(check)}.
        {check.bestScorePercent !== null && ` Your best score: ${check.bestScorePercent}%.`}
      </p>

      {graded ? (
        <>
          {!result && <p className="mt-4 text-sm font-semibold text-slate-800">{SUBMIT_TEXT.syncedTitle}</p>}
          <CheckResult
            ref={resultRef}
            check={check}
            chosen={graded.chosen}
            result={graded.result}
            passPercent={check.passPercent}
            signaturePending={signaturePending}
            onRetry={!graded.result.passed && graded.result.attemptsLeft !== 0 ? retry : undefined}
          />
        </>
      ) : queued ? (
        <QueuedSubmission />
      ) : check.passed ? (
        <p className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
          {signaturePending
            ? `You passed this check. ${SIGN_TO_COMPLETE}`
            : "You passed this check. The lesson is complete."}
        </p>
      ) : spent ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You have used all your attempts at this knowledge check. Ask your manager or teacher for help.
        </p>
      ) : (
        <form
          ref={formRef}
          className="mt-5 flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {check.questions.map((question, index) => {
            const single = question.kind !== "multiple";
            return (
              <fieldset key={question.id} className="flex flex-col gap-2">
                <legend className="text-base font-medium break-words text-slate-900">
                  {index + 1}. {question.prompt}
                </legend>
                {!single && <p className="text-xs text-slate-500">Choose every correct answer.</p>}
                {question.options.map((option) => (
                  <label
                    key={option.id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-900 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
                  >
                    <input
                      type={single ? "radio" : "checkbox"}
                      name={`question-${question.id}`}
                      checked={(chosen[question.id] ?? []).includes(option.id)}
                      onChange={(event) => choose(question.id, option.id, single, event.target.checked)}
                      className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                    />
                    <span className="min-w-0 break-words">{option.text}</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
          {missing && <FormAlert>{ANSWER_EVERY_QUESTION}</FormAlert>}
          {submit.isError && <FormAlert>{submitErrorText(submit.error)}</FormAlert>}
          <Button type="submit" loading={submit.isPending} disabled={preview} className="self-start">
            Submit answers
          </Button>
          {preview && <p className="text-xs text-slate-500">Learners submit their answers here.</p>}
        </form>
      )}
    </Card>
  );
}
