import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WAITING_PER_ORGANIZATION } from "#server/modules/courses/lesson-content.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { createCourse, createModule } from "../support/course-fixtures.js";
import { createOrg, type Person, refusal, signUp } from "../support/org-fixtures.js";

/**
 * Lesson content converts on workers shared fairly between organizations (docs/decisions/0275-content-workers-shared-fairly.md):
 * one organization's pathological saves hold at most its share of the workers and wait their turn, so
 * another organization's save is converted before them, and an organization can queue only so many.
 * Nothing here is timed: each test asserts the order in which the saves were answered, that is, who got
 * a worker first.
 */

/** Long enough that a pathological save still holds its worker while the others are sent and answered. */
const TIME_LIMIT_MS = 4000;
/** marked once took 71 s on 10 KB of this: it always runs to the time limit. */
const PATHOLOGICAL = "[a](".repeat(3000);

let app: TestApp;
let author: Person;
let bystander: Person;
let authorOrg: number;
let authorModule: number;
let bystanderModule: number;

beforeAll(async () => {
  app = await startTestApp({ CONTENT_TIME_LIMIT_MS: String(TIME_LIMIT_MS) });
  author = await signUp(app, "author");
  authorOrg = (await createOrg(author)).id;
  bystander = await signUp(app, "bystander");
  await createOrg(bystander);
  authorModule = (await createModule(author.api, (await createCourse(author.api)).id)).id;
  bystanderModule = (await createModule(bystander.api, (await createCourse(bystander.api)).id)).id;
  // Both workers started and idle, so that what follows measures who gets one, not how fast one starts.
  await Promise.all([save(author.api, authorModule, "warm"), save(bystander.api, bystanderModule, "warm")]);
});
afterAll(async () => {
  await app?.close();
});

function save(api: ApiClient, moduleId: number, content: string): Promise<ApiResponse> {
  return api.post("/_api/lessons/create", { moduleId, content });
}

/** Waits (bounded) until the author's organization holds `running` workers and has `waiting` saves queued. */
async function authorConversions(running: number, waiting: number): Promise<void> {
  const now = () => {
    const activity = app.lessonContent.activity();
    return [activity.running.get(authorOrg) ?? 0, activity.waiting.get(authorOrg) ?? 0];
  };
  for (let tries = 0; tries < 2000 && now().join() !== `${running},${waiting}`; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(now()).toEqual([running, waiting]);
}

/** Sends the saves in order and records the order their answers came in. */
function answerOrder() {
  const answered: string[] = [];
  const responses: Promise<ApiResponse>[] = [];
  return {
    answered,
    send(name: string, request: Promise<ApiResponse>): void {
      responses.push(
        request.then((response) => {
          answered.push(name);
          return response;
        }),
      );
    },
    all: () => Promise.all(responses),
  };
}

describe("lesson saves of two organizations", () => {
  it("another organization's save is answered before either of two pathological saves of one", async () => {
    const run = answerOrder();
    run.send("author 1", save(author.api, authorModule, PATHOLOGICAL));
    run.send("author 2", save(author.api, authorModule, `${PATHOLOGICAL} `));
    // The author's first save holds its organization's share of the two workers; the second waits.
    await authorConversions(1, 1);
    run.send("bystander", save(bystander.api, bystanderModule, "# Safety\n\nWear **gloves**."));
    const [first, second, bystanderSave] = await run.all();
    expect(bystanderSave?.status).toBe(200);
    for (const hostile of [first, second]) {
      expect(refusal(hostile as ApiResponse)).toEqual({ status: 400, error: M.contentTooComplex });
    }
    // First come, first served, the bystander's save waited for one or both of the author's conversions.
    expect(run.answered[0]).toBe("bystander");
  });

  it(`an organization may have ${MAX_WAITING_PER_ORGANIZATION} saves waiting; another's is still taken, and first`, async () => {
    const run = answerOrder();
    run.send("author's pathological save", save(author.api, authorModule, PATHOLOGICAL));
    await authorConversions(1, 0);
    // While it holds the organization's share of the workers, its next saves wait; one more is refused.
    const waiting = Array.from({ length: MAX_WAITING_PER_ORGANIZATION + 1 }, (_, index) =>
      save(author.api, authorModule, `Step ${index + 1}`),
    );
    await authorConversions(1, MAX_WAITING_PER_ORGANIZATION);
    run.send("bystander", save(bystander.api, bystanderModule, "Wear gloves."));
    const answers = await Promise.all(waiting);
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(MAX_WAITING_PER_ORGANIZATION).fill(200), 429]);
    const refused = answers.find((response) => response.status === 429) as ApiResponse;
    expect(refusal(refused)).toEqual({ status: 429, error: M.contentConversionBusy });
    const [hostileAnswer, bystanderSave] = await run.all();
    expect(refusal(hostileAnswer as ApiResponse).status).toBe(400);
    expect(bystanderSave?.status).toBe(200);
    expect(run.answered[0]).toBe("bystander");
  });
});
