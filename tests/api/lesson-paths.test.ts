import { describe, expect, it, vi } from "vitest";
import { sampleCourse, staffedOrganization } from "./support/course-fixtures.js";
import { ok } from "./support/org-fixtures.js";
import { suiteApp, suiteFixture } from "./support/suite.js";

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "paths"));

async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(app.orm.config.getLogger(), "logQuery");
  try {
    await run();
    return spy.mock.calls.map(([context]) => String(context.query));
  } finally {
    spy.mockRestore();
  }
}

describe("probe", () => {
  it("counts", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const first = await statementsDuring(async () =>
      ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A1.id })),
    );
    const again = await statementsDuring(async () =>
      ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A1.id })),
    );
    const get = await statementsDuring(async () =>
      ok(await staff.learner.api.get("/_api/lessons/get", { id: String(lessons.A2.id) })),
    );
    console.log(JSON.stringify({ first, again, get }, null, 1));
    expect(first.length).toBeGreaterThan(0);
  });
});
