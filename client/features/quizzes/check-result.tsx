import { CircleCheck, CircleX, RotateCcw } from "lucide-react";
import type { Ref } from "react";
import { Button } from "#client/components/ui/button.js";
import { cn } from "#client/lib/cn.js";
import type { LearnerCheck, SubmitResult } from "./queries.js";

interface CheckResultProps {
  ref: Ref<HTMLDivElement>;
  check: LearnerCheck;
  chosen: Record<number, number[]>;
  result: SubmitResult;
  passPercent: number;
  /** The lesson still waits for the learner's signature (see KnowledgeCheck). */
  signaturePending: boolean;
  /** Present while the learner may try again. */
  onRetry?: () => void;
}

/**
 * Why a result shows no correct option (decision 0278): the check reveals them only after a pass or the
 * last attempt, or never. Null when they are shown.
 */
function withheldText(result: Pick<SubmitResult, "answersRevealed" | "revealAnswers">): string | null {
  // A result kept on the device from before the server said (offline, decision 0143) showed everything.
  if (result.answersRevealed ?? true) return null;
  return result.revealAnswers === "never"
    ? "This check does not show its correct answers."
    : "The correct answers are shown once you pass or use your last attempt.";
}

/**
 * The graded attempt: score, verdict, and per question whether it was right, with what the server
 * reveals: the correct options once passed or on the last attempt, before that the explanations of the
 * questions answered wrongly.
 */
/** What is left after a pass when the lesson also requires sign-off: the sign-off panel follows the check. */
export const SIGN_TO_COMPLETE = "Sign below to complete this lesson.";

export function CheckResult({ ref, check, chosen, result, passPercent, signaturePending, onRetry }: CheckResultProps) {
  const byId = new Map(result.results.map((each) => [each.questionId, each]));
  const right = result.results.filter((each) => each.correct).length;
  const withheld = withheldText(result);
  return (
    <div className="mt-5 flex flex-col gap-5">
      <div
        ref={ref}
        tabIndex={-1}
        className={cn(
          "rounded-lg px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          result.passed ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900",
        )}
      >
        <p className="text-lg font-semibold">
          {result.passed ? `Passed: ${result.scorePercent}%` : `Not passed: ${result.scorePercent}%`}
        </p>
        <p className="text-sm">
          {right} of {result.results.length} questions right; the pass mark is {passPercent}%.{" "}
          {result.passed
            ? signaturePending
              ? SIGN_TO_COMPLETE
              : "The lesson is complete."
            : result.attemptsLeft === 0
              ? "You have no attempts left."
              : result.attemptsLeft === null
                ? "Read the explanations and try again."
                : `Read the explanations and try again: ${result.attemptsLeft} ${result.attemptsLeft === 1 ? "attempt" : "attempts"} left.`}
        </p>
        {withheld && <p className="mt-1 text-sm">{withheld}</p>}
      </div>

      <ol className="flex flex-col gap-4" aria-label="Your answers">
        {check.questions.map((question, index) => {
          const graded = byId.get(question.id);
          if (!graded) return null;
          const mine = new Set(chosen[question.id] ?? []);
          const correctIds = new Set(graded.correctOptionIds);
          const Icon = graded.correct ? CircleCheck : CircleX;
          return (
            <li key={question.id} className="rounded-lg border border-slate-200 p-4">
              <p className="flex items-start gap-2 font-medium break-words text-slate-900">
                <Icon
                  className={cn("mt-0.5 size-5 shrink-0", graded.correct ? "text-emerald-600" : "text-red-600")}
                  aria-hidden="true"
                />
                <span>
                  {index + 1}. {question.prompt}{" "}
                  <span className={cn("text-sm", graded.correct ? "text-emerald-700" : "text-red-700")}>
                    ({graded.correct ? "right" : "wrong"})
                  </span>
                </span>
              </p>
              <ul className="mt-2 flex flex-col gap-1 pl-7 text-sm">
                {question.options.map((option) => (
                  <li
                    key={option.id}
                    className={cn(
                      "break-words",
                      correctIds.has(option.id) ? "font-medium text-emerald-800" : "text-slate-700",
                    )}
                  >
                    {option.text}
                    {correctIds.has(option.id) && " — correct answer"}
                    {mine.has(option.id) && " — your answer"}
                  </li>
                ))}
              </ul>
              {graded.explanation && (
                <p className="mt-2 rounded-md bg-slate-50 px-3 py-2 pl-7 text-sm text-slate-700">
                  {graded.explanation}
                </p>
              )}
            </li>
          );
        })}
      </ol>

      {onRetry && (
        <Button variant="outline" onClick={onRetry} className="self-start">
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}
