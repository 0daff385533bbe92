import type { DraggableProvidedDragHandleProps } from "@hello-pangea/dnd";
import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { Button } from "#client/components/ui/button.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { DragHandle } from "#client/components/ui/sortable-list.js";
import { Textarea } from "#client/components/ui/textarea.js";
import { cn } from "#client/lib/cn.js";
import { QUESTION_KIND_LABELS, QUESTION_KINDS, QUIZ_LIMITS, type QuestionKind } from "#shared/schemas/quizzes.js";
import { canAddOption, canRemoveOption, type DraftQuestion, newOption, withCorrect, withKind } from "./draft.js";

export const SELECT_CLASS =
  "block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25 sm:text-sm";

export interface QuestionEditorProps {
  question: DraftQuestion;
  index: number;
  count: number;
  onChange: (question: DraftQuestion) => void;
  onMove: (to: number) => void;
  onDelete: () => void;
  /** The drag handle's props from the builder's Draggable (it also moves by keyboard: Space, arrows). */
  dragHandleProps: DraggableProvidedDragHandleProps | null;
  isDragging: boolean;
  /** A question just added: its text field takes the focus, so the author types on. */
  focusOnMount?: boolean;
}

/**
 * One question of the builder. Moving works three ways: the up/down buttons, Alt+Arrow keys anywhere in
 * the card, and dragging the card by its handle (with the mouse, or Space and the arrow keys).
 */
export function QuestionEditor(props: QuestionEditorProps) {
  const { question, index, count, onChange, onMove, onDelete, dragHandleProps, isDragging, focusOnMount } = props;
  const promptRef = useRef<HTMLTextAreaElement>(null);
  // Only when the card first appears: later renders leave the focus where the author put it.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) promptRef.current?.focus();
  }, []);
  const id = useId();
  const number = index + 1;
  const single = question.kind !== "multiple";
  const moveByKeyboard = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const to = index + (event.key === "ArrowUp" ? -1 : 1);
    if (to >= 0 && to < count) onMove(to);
  };
  const setOption = (key: string, text: string) =>
    onChange({
      ...question,
      options: question.options.map((option) => (option.key === key ? { ...option, text } : option)),
    });

  return (
    <section
      aria-label={`Question ${number}`}
      onKeyDown={moveByKeyboard}
      className={cn(
        "rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5",
        isDragging && "shadow-lg ring-2 ring-brand-400",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <DragHandle handleProps={dragHandleProps} label={`Reorder question ${number}`} size="md" />
        <h3 className="text-sm font-semibold text-slate-900">Question {number}</h3>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Move question ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Move question ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={`Delete question ${number}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-prompt`}>Question {number} text</Label>
          <Textarea
            ref={promptRef}
            id={`${id}-prompt`}
            rows={2}
            value={question.prompt}
            maxLength={QUIZ_LIMITS.promptMax}
            onChange={(event) => onChange({ ...question, prompt: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-kind`}>Question {number} type</Label>
          <select
            id={`${id}-kind`}
            value={question.kind}
            onChange={(event) => onChange(withKind(question, event.target.value as QuestionKind))}
            className={SELECT_CLASS}
          >
            {QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {QUESTION_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">
          Options: mark {single ? "the correct one" : "every correct one"}
        </legend>
        <ul className="mt-2 flex flex-col gap-2">
          {question.options.map((option, at) => {
            const label = `Question ${number}, option ${at + 1}`;
            return (
              <li key={option.key} className="flex items-center gap-2">
                <input
                  type={single ? "radio" : "checkbox"}
                  name={`${id}-correct`}
                  aria-label={`${label} is correct`}
                  checked={option.correct}
                  onChange={(event) => onChange(withCorrect(question, option.key, event.target.checked))}
                  className="size-4 shrink-0 accent-emerald-600"
                />
                <Input
                  aria-label={label}
                  value={option.text}
                  readOnly={question.kind === "true_false"}
                  maxLength={QUIZ_LIMITS.optionTextMax}
                  onChange={(event) => setOption(option.key, event.target.value)}
                  className={option.correct ? "border-emerald-400 bg-emerald-50/50" : undefined}
                />
                {canRemoveOption(question) && (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() =>
                      onChange({ ...question, options: question.options.filter((o) => o.key !== option.key) })
                    }
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {canAddOption(question) && (
          <Button
            variant="link"
            size="sm"
            className="mt-1 px-0"
            onClick={() => onChange({ ...question, options: [...question.options, newOption()] })}
          >
            <Plus aria-hidden="true" />
            Add option
          </Button>
        )}
      </fieldset>

      <div className="mt-3 flex flex-col gap-1.5">
        <Label htmlFor={`${id}-explanation`}>Explanation (shown after answering)</Label>
        <Textarea
          id={`${id}-explanation`}
          rows={2}
          value={question.explanation}
          maxLength={QUIZ_LIMITS.explanationMax}
          onChange={(event) => onChange({ ...question, explanation: event.target.value })}
        />
      </div>
    </section>
  );
}
