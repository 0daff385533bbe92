import { describe, expect, it } from "vitest";
import {
  checkedTranslatedQuestions,
  isOutdated,
  lessonTextsHash,
  translatedCheck,
} from "#server/modules/translations/translations.rules.js";
import { TRANSLATION_MESSAGES } from "#shared/schemas/translations.js";

/** What makes a translation current, and how its check's words are merged (docs/decisions/0410). */

const CHECK = [
  {
    id: 1,
    prompt: "Fork height?",
    options: [
      { id: 11, text: "Low" },
      { id: 12, text: "High" },
    ],
  },
  {
    id: 2,
    prompt: "Passengers?",
    options: [
      { id: 21, text: "True" },
      { id: 22, text: "False" },
    ],
  },
];
const SOURCE = { title: "Forklift", content: "<p>Drive low.</p>", questions: CHECK };

describe("a lesson's texts hash", () => {
  it("is the same for a shuffled check, and differs for any changed word", () => {
    const shuffled = [...CHECK]
      .reverse()
      .map((question) => ({ ...question, options: [...question.options].reverse() }));
    expect(lessonTextsHash({ ...SOURCE, questions: shuffled })).toBe(lessonTextsHash(SOURCE));
    const hash = lessonTextsHash(SOURCE);
    expect(lessonTextsHash({ ...SOURCE, title: "Forklift 2" })).not.toBe(hash);
    expect(lessonTextsHash({ ...SOURCE, content: null })).not.toBe(hash);
    const reworded = [{ ...CHECK[0], prompt: "Fork height now?" }, CHECK[1]] as typeof CHECK;
    expect(lessonTextsHash({ ...SOURCE, questions: reworded })).not.toBe(hash);
    expect(isOutdated({ sourceHash: hash }, hash)).toBe(false);
    expect(isOutdated({ sourceHash: hash }, lessonTextsHash({ ...SOURCE, title: "x" }))).toBe(true);
  });
});

describe("translated questions", () => {
  it("are kept in the check's order, and refused when they name another question or option, or one twice", () => {
    const second = { id: 2, prompt: "¿Pasajeros?", options: [{ id: 22, text: "Falso" }] };
    const first = { id: 1, prompt: "¿Altura?", options: [] };
    expect(checkedTranslatedQuestions([second, first], CHECK).map((question) => question.id)).toEqual([1, 2]);
    for (const wrong of [
      [{ id: 3, prompt: "x", options: [] }],
      [{ id: 1, prompt: "x", options: [{ id: 21, text: "x" }] }],
      [first, first],
      [
        {
          id: 1,
          prompt: "x",
          options: [
            { id: 11, text: "a" },
            { id: 11, text: "b" },
          ],
        },
      ],
    ]) {
      expect(() => checkedTranslatedQuestions(wrong, CHECK)).toThrow(TRANSLATION_MESSAGES.questionNotInCheck);
    }
  });

  it("replace the words they translate and leave the rest in the source's", () => {
    const merged = translatedCheck(CHECK, [{ id: 2, prompt: "¿Pasajeros?", options: [{ id: 22, text: "Falso" }] }]);
    expect(merged).toEqual([
      CHECK[0],
      {
        id: 2,
        prompt: "¿Pasajeros?",
        options: [
          { id: 21, text: "True" },
          { id: 22, text: "Falso" },
        ],
      },
    ]);
  });
});
