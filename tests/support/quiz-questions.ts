import type { SaveQuizInput } from "#shared/schemas/quizzes.js";

/** Three questions, one of each kind; the first option named in each comment is the correct answer. */
export const THREE_QUESTIONS: SaveQuizInput["questions"] = [
  {
    kind: "single",
    prompt: "Which fork height is safe to drive at?",
    explanation: "Just above the floor: the load stays stable.",
    options: [
      { text: "Low", correct: true },
      { text: "Chest high", correct: false },
      { text: "Fully raised", correct: false },
    ],
  },
  {
    kind: "multiple",
    prompt: "What do you check before every shift?",
    explanation: "Brakes and horn both; the radio is optional.",
    options: [
      { text: "Brakes", correct: true },
      { text: "Horn", correct: true },
      { text: "Radio", correct: false },
    ],
  },
  {
    kind: "true_false",
    prompt: "Passengers may ride on the forks.",
    explanation: "Never: nobody rides on the forks.",
    options: [
      { text: "True", correct: false },
      { text: "False", correct: true },
    ],
  },
];
