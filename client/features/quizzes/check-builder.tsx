import { useMutation, useQuery } from "@tanstack/react-query";
import { useBlocker } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { SortableArea, SortableList } from "#client/components/ui/sortable-list.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import {
  questionMessage,
  REVEAL_ANSWERS,
  REVEAL_ANSWERS_LABELS,
  type RevealAnswers,
  saveQuizInput,
} from "#shared/schemas/quizzes.js";
import { CheckHeading } from "./check-heading.js";
import { CheckStatsPanel } from "./check-stats.js";
import { type DraftCheck, draftOf, moved, newQuestion, saveInputOf } from "./draft.js";
import { checkReaders, type EditorCheck, editorCheckQuery } from "./queries.js";
import { QuestionEditor, SELECT_CLASS } from "./question-editor.js";

const LEAVE_CHECK_QUESTION = "Your changes to the knowledge check are not saved. Leave this page and lose them?";

/** The "Knowledge check" section of the lesson editor (decision 0110). */
export function CheckBuilder({ lessonId }: { lessonId: number }) {
  const check = useQuery(editorCheckQuery(lessonId));
  return (
    <section aria-labelledby="knowledge-check-heading" className="mt-10 border-t border-slate-200 pt-8">
      <CheckHeading id="knowledge-check-heading" />
      <p className="mt-1 text-sm text-slate-600">
        Learners complete this lesson by passing the check; "Mark as Complete" is replaced by it.
      </p>
      {check.isError ? (
        <FormAlert>{errorMessage(check.error, "The knowledge check could not be loaded.")}</FormAlert>
      ) : !check.isFetchedAfterMount || check.data === undefined ? (
        <Skeleton className="mt-4 h-40 w-full rounded-xl" />
      ) : (
        <CheckForm lessonId={lessonId} saved={check.data} />
      )}
    </section>
  );
}

/** Every problem the schema finds, each naming its question. */
function problemsOf(lessonId: number, draft: DraftCheck): string[] {
  const parsed = saveQuizInput.safeParse(saveInputOf(lessonId, draft));
  if (parsed.success) return [];
  const messages = parsed.error.issues.map((issue) => {
    const [field, index] = issue.path;
    const named = field === "questions" && typeof index === "number" && !issue.message.startsWith("Question ");
    return named ? questionMessage(index, issue.message) : issue.message;
  });
  return [...new Set(messages)];
}

function CheckForm({ lessonId, saved }: { lessonId: number; saved: EditorCheck | null }) {
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const save = useMutation(
    trpc.quizzes.save.mutationOptions({
      meta: { success: "Knowledge check saved.", invalidates: checkReaders() },
      onSuccess: (next) => {
        setDraft(draftOf(next));
        setDirty(false);
      },
    }),
  );
  const update = (change: (current: DraftCheck) => DraftCheck) => {
    setDraft(change);
    setDirty(true);
    setProblems([]);
  };
  // A check is saved only when its author says so ("Save check", decision 0299): leaving with changes
  // asks first, inside the app and when the tab closes (the browser's own question).
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(LEAVE_CHECK_QUESTION),
    enableBeforeUnload: () => dirty,
  });
  const setQuestions = (change: (questions: DraftCheck["questions"]) => DraftCheck["questions"]) =>
    update((current) => ({ ...current, questions: change(current.questions) }));

  const submit = () => {
    const found = problemsOf(lessonId, draft);
    setProblems(found);
    if (found.length === 0) save.mutate(saveInputOf(lessonId, draft));
  };
  const count = draft.questions.length;

  return (
    <div className="mt-5 flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Pass mark (%)">
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              value={draft.passPercent}
              onChange={(event) => update((current) => ({ ...current, passPercent: event.target.value }))}
            />
          )}
        </FormField>
        <FormField label="Attempts allowed" hint="Leave empty for unlimited.">
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              placeholder="Unlimited"
              value={draft.maxAttempts}
              onChange={(event) => update((current) => ({ ...current, maxAttempts: event.target.value }))}
            />
          )}
        </FormField>
        <FormField
          label="Show correct answers"
          hint="Until then, learners see which questions they got wrong and the explanations of their wrong answers."
        >
          {(field) => (
            <select
              {...field}
              value={draft.revealAnswers}
              onChange={(event) =>
                update((current) => ({ ...current, revealAnswers: event.target.value as RevealAnswers }))
              }
              className={SELECT_CLASS}
            >
              {REVEAL_ANSWERS.map((reveal) => (
                <option key={reveal} value={reveal}>
                  {REVEAL_ANSWERS_LABELS[reveal]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={draft.shuffle}
          onChange={(event) => update((current) => ({ ...current, shuffle: event.target.checked }))}
          className="size-4 accent-brand-600"
        />
        Shuffle questions and options
      </label>

      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-5 text-center text-sm text-slate-600">
          This lesson has no knowledge check. Add a question to create one.
        </p>
      ) : (
        <SortableArea
          pickedUp={() => "the question"}
          onMove={(source, destination) =>
            setQuestions((questions) => moved(questions, source.index, destination.index))
          }
        >
          <SortableList
            listId="questions"
            label="Questions"
            items={draft.questions}
            itemId={(question) => question.key}
            itemClassName="mb-4"
          >
            {(question, index, drag) => (
              <QuestionEditor
                question={question}
                index={index}
                count={count}
                onChange={(next) =>
                  setQuestions((questions) => questions.map((each, at) => (at === index ? next : each)))
                }
                onMove={(to) => setQuestions((questions) => moved(questions, index, to))}
                onDelete={() => setQuestions((questions) => questions.filter((_, at) => at !== index))}
                dragHandleProps={drag.handleProps}
                isDragging={drag.isDragging}
                focusOnMount={question.key === added}
              />
            )}
          </SortableList>
        </SortableArea>
      )}

      {problems.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">Fix these before saving:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {save.isError && <FormAlert>{errorMessage(save.error, "The knowledge check could not be saved.")}</FormAlert>}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          onClick={() => {
            const question = newQuestion();
            setAdded(question.key);
            setQuestions((questions) => [...questions, question]);
          }}
        >
          <Plus aria-hidden="true" />
          Add question
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!dirty && !save.isError}>
          {count === 0 && saved ? "Remove check" : "Save check"}
        </Button>
        {dirty && <span className="text-sm text-amber-700">Unsaved changes to the check</span>}
      </div>

      {saved && <CheckStatsPanel lessonId={lessonId} />}
    </div>
  );
}
