import { describe, expect, it } from "vitest";
import { ScormAttempt } from "#server/entities.js";
import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import type { ScormCommitView, ScormLaunchView } from "#shared/schemas/scorm.js";
import { scormPackage, singleScoPackage } from "../../support/scorm-packages.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Playing a SCORM lesson through the API (docs/decisions/0333, 0334): its launch, its files behind the
 * launch token alone, commits kept per learner and SCO, completion through progress, resume.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "scorm-play"));
const stranger = suiteFixture(() => staffedOrganization(app, "scorm-play-other"));

async function scormLesson(zip: Uint8Array<ArrayBuffer>): Promise<number> {
  const course = await createCourse(staff.admin.api, { status: "published" });
  const module = await createModule(staff.admin.api, course.id);
  const lessonId = (await createLesson(staff.admin.api, module.id, { title: "Bought" })).id;
  ok(
    await staff.admin.api.post(`/_api/scorm/upload?lessonId=${lessonId}`, undefined, {
      raw: zip,
      headers: { "content-type": "application/zip" },
    }),
  );
  return lessonId;
}

const launch = async (api: ApiClient, lessonId: number) =>
  ok<ScormLaunchView>(await api.get("/_api/scorm/launch", { lessonId: String(lessonId) }));

function commit(api: ApiClient, lessonId: number, sco: string, cmi: Record<string, string>, packageVersion = 1) {
  return api.post("/_api/scorm/commit", { lessonId, sco, packageVersion, cmi });
}

describe("playing a SCORM lesson", () => {
  it("says on lessons/get that it is a SCORM lesson and where it launches", async () => {
    const lessonId = await scormLesson(singleScoPackage("2004"));
    const page = ok<LessonPageView>(await staff.learner.api.get("/_api/lessons/get", { id: String(lessonId) }));
    expect(page.scorm).toEqual({ version: "2004", launchPath: `/_api/scorm/launch?lessonId=${lessonId}` });
    const plain = await createLesson(staff.admin.api, (await createModule(staff.admin.api, page.course.id)).id);
    const plainPage = ok<LessonPageView>(await staff.learner.api.get("/_api/lessons/get", { id: String(plain.id) }));
    expect(plainPage.scorm).toBeNull();
  });

  it("serves the files by the launch token alone, sandboxed, and nothing for a token it did not sign", async () => {
    const lessonId = await scormLesson(singleScoPackage("1.2"));
    const { scos } = await launch(staff.learner.api, lessonId);
    const url = scos[0]?.url ?? "";
    expect(url).toMatch(/^\/_api\/scorm\/files\/[0-9.]+\.[A-Za-z0-9_-]{43}\/content\/index\.html$/);
    // No cookie at all: the frame's requests carry none.
    const served = await fetch(`${app.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toContain("sandbox allow-scripts allow-forms allow-popups");
    const html = await served.text();
    expect(html).toContain('<script src="/_api/scorm/frame-api.js"></script>');
    expect(html).toContain("Food safety");
    const forged = url.replace(/\.[A-Za-z0-9_-]{43}\//, `.${"A".repeat(43)}/`);
    expect((await fetch(`${app.url}${forged}`)).status).toBe(404);
    // A name that leaves the package, encoded so that the URL itself is not normalized on the way.
    expect((await fetch(`${app.url}${url.replace("content/index.html", "..%2Fsecret.html")}`)).status).toBe(404);
  });

  it("keeps a suspended 1.2 attempt, resumes it, and completes the lesson on passed with its score", async () => {
    const lessonId = await scormLesson(singleScoPackage("1.2"));
    const [sco] = (await launch(staff.learner.api, lessonId)).scos;
    expect(sco?.resume).toEqual({});
    const suspended = ok<ScormCommitView>(
      await commit(staff.learner.api, lessonId, sco?.identifier ?? "", {
        "cmi.core.lesson_status": "incomplete",
        "cmi.suspend_data": "page=2;answers=abc",
        "cmi.core.lesson_location": "page-2",
        "cmi.core.exit": "suspend",
        "cmi.core.session_time": "00:01:30",
      }),
    );
    expect(suspended).toEqual({ result: true, errorCode: 0, lessonCompleted: false });
    const again = await launch(staff.learner.api, lessonId);
    expect(again.scos[0]?.resume).toEqual({
      "cmi.suspend_data": "page=2;answers=abc",
      "cmi.core.lesson_location": "page-2",
      "cmi.core.lesson_status": "incomplete",
      "cmi.core.entry": "resume",
    });
    // The frame's page carries the resumed values, for reads right after Initialize.
    expect(await (await fetch(`${app.url}${again.scos[0]?.url}`)).text()).toContain("page=2;answers=abc");
    // Nobody else's launch resumes it.
    expect((await launch(staff.user.api, lessonId)).scos[0]?.resume).toEqual({});

    const passed = ok<ScormCommitView>(
      await commit(staff.learner.api, lessonId, sco?.identifier ?? "", {
        "cmi.core.lesson_status": "passed",
        "cmi.core.score.raw": "85",
        "cmi.core.session_time": "00:00:40",
      }),
    );
    expect(passed.lessonCompleted).toBe(true);
    const page = ok<LessonPageView>(await staff.learner.api.get("/_api/lessons/get", { id: String(lessonId) }));
    expect(page.isCompleted).toBe(true);
    const [attempt] = await app.orm.em.fork().find(ScormAttempt, { lesson: lessonId }, { filters: false });
    expect(attempt).toMatchObject({
      completed: true,
      passed: true,
      scoreRaw: 85,
      totalSeconds: 90,
      sessionSeconds: 40,
    });
  });

  it("does not complete a 2004 lesson whose SCO failed, nor a multi-SCO one before every SCO is completed", async () => {
    const failing = await scormLesson(singleScoPackage("2004"));
    const [sco] = (await launch(staff.learner.api, failing)).scos;
    const failed = ok<ScormCommitView>(
      await commit(staff.learner.api, failing, sco?.identifier ?? "", {
        "cmi.completion_status": "completed",
        "cmi.success_status": "failed",
        "cmi.score.scaled": "0.4",
      }),
    );
    expect(failed.lessonCompleted).toBe(false);
    const multi = await scormLesson(
      scormPackage("2004", "Two parts", [
        { id: "1", title: "One", href: "one.html" },
        { id: "2", title: "Two", href: "two.html" },
      ]),
    );
    const scos = (await launch(staff.learner.api, multi)).scos;
    const done = { "cmi.completion_status": "completed" };
    expect(ok<ScormCommitView>(await commit(staff.learner.api, multi, "item-1", done)).lessonCompleted).toBe(false);
    expect(ok<ScormCommitView>(await commit(staff.learner.api, multi, "item-2", done)).lessonCompleted).toBe(true);
    expect(scos.map((each) => each.identifier)).toEqual(["item-1", "item-2"]);
  });

  it("shows the score in the course report, as a scored column of the lesson", async () => {
    const lessonId = await scormLesson(singleScoPackage("2004", "Allergens"));
    const page = ok<LessonPageView>(await staff.learner.api.get("/_api/lessons/get", { id: String(lessonId) }));
    ok(
      await commit(staff.learner.api, lessonId, "item-1", {
        "cmi.completion_status": "completed",
        "cmi.success_status": "passed",
        "cmi.score.scaled": "0.875",
        "cmi.score.raw": "35",
      }),
    );
    const report = ok<{
      course: { checks: { lessonId: number; title: string }[] };
      members: { email: string; checks: { lessonId: number; bestScorePercent: number | null; passed: boolean }[] }[];
    }>(await staff.admin.api.get("/_api/reports/course", { courseId: String(page.course.id) }));
    expect(report.course.checks).toEqual([{ lessonId, title: "Bought" }]);
    const learnerRow = report.members.find((member) => member.email === staff.learner.email);
    expect(learnerRow?.checks).toEqual([
      { lessonId, title: "Bought", attempts: 1, bestScorePercent: 88, passed: true },
    ]);
  });

  it("is 'not found' to another organization, whose commits change nothing", async () => {
    const lessonId = await scormLesson(singleScoPackage("1.2"));
    expect(refusal(await stranger.admin.api.get("/_api/scorm/launch", { lessonId: String(lessonId) })).status).toBe(
      404,
    );
    const response = await commit(stranger.learner.api, lessonId, "item-1", { "cmi.core.lesson_status": "passed" });
    expect(refusal(response).status).toBe(404);
    expect(await app.orm.em.fork().count(ScormAttempt, { lesson: lessonId }, { filters: false })).toBe(0);
  });

  it("refuses a commit made on a replaced package version", async () => {
    const lessonId = await scormLesson(singleScoPackage("1.2"));
    ok(
      await staff.admin.api.post(`/_api/scorm/upload?lessonId=${lessonId}`, undefined, {
        raw: singleScoPackage("1.2", "Second"),
        headers: { "content-type": "application/zip" },
      }),
    );
    expect(refusal(await commit(staff.learner.api, lessonId, "item-1", {}, 1)).status).toBe(409);
    expect(ok<ScormCommitView>(await commit(staff.learner.api, lessonId, "item-1", {}, 2)).result).toBe(true);
  });
});
