import { describe, expect, it } from "vitest";
import { SEARCH_SHARDS } from "#server/modules/search/search-dialect.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import {
  createCourse,
  createLesson,
  createModule,
  positions,
  staffedOrganization,
} from "../support/course-fixtures.js";
import { createOrg, ok, orgWithMembers, signUp } from "../support/org-fixtures.js";
import { hitsOf, indexedRowsOf, search } from "../support/search-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** The search index (decision 0060) follows every kind of write, in the write's own transaction. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "search-index"));

describe("the index follows every write", () => {
  it("course create, update and delete, with its modules and lessons", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Ladder safety", status: "published" });
    expect(hitsOf(await search(api, "ladder"))).toEqual(["course:Ladder safety"]);

    ok(
      await staff.admin.api.post("/_api/courses/update", {
        id: course.id,
        title: "Scaffold safety",
        description: "Harness checks",
      }),
    );
    expect(await search(api, "ladder")).toEqual([]);
    expect(hitsOf(await search(api, "scaffold harness"))).toEqual(["course:Scaffold safety"]);

    const module = await createModule(api, course.id, "Anchoring");
    await createLesson(api, module.id, { title: "Anchor points", content: "Clip the lanyard." });
    expect(hitsOf(await search(api, "lanyard"))).toEqual(["lesson:Anchor points"]);

    ok(await staff.admin.api.post("/_api/courses/delete", { id: course.id }));
    for (const word of ["scaffold", "anchoring", "lanyard"]) expect(await search(api, word), word).toEqual([]);
  });

  it("a duplicate is found with its modules and lessons, and stays found when the original goes", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Pallet wrapping", status: "published" });
    const module = await createModule(api, course.id, "Stretch film");
    await createLesson(api, module.id, { title: "Film tension", content: "Overlap each turnaround." });
    const copy = ok<{ id: number }>(await staff.admin.api.post("/_api/courses/duplicate", { id: course.id }));
    expect(hitsOf(await search(api, "turnaround")).sort()).toEqual(["lesson:Film tension", "lesson:Film tension"]);
    ok(await staff.admin.api.post("/_api/courses/delete", { id: course.id }));
    expect(hitsOf(await search(api, "pallet wrapping"))).toEqual(["course:Pallet wrapping (copy)"]);
    expect(hitsOf(await search(api, "stretch film"))).toEqual(["module:Stretch film"]);
    expect(hitsOf(await search(api, "turnaround"))).toEqual(["lesson:Film tension"]);
    ok(await staff.admin.api.post("/_api/courses/delete", { id: copy.id }));
  });

  it("a course's status: published shows it to learners, back to draft hides it", async () => {
    const course = await createCourse(staff.admin.api, { title: "Crane signals", status: "draft" });
    expect(await search(staff.learner.api, "crane")).toEqual([]);
    ok(await staff.admin.api.post("/_api/courses/update", { id: course.id, status: "published" }));
    expect(hitsOf(await search(staff.learner.api, "crane"))).toEqual(["course:Crane signals"]);
    ok(await staff.admin.api.post("/_api/courses/update", { id: course.id, status: "draft" }));
    expect(await search(staff.learner.api, "crane")).toEqual([]);
  });

  it("module create, update and delete; a deleted module takes its lessons out of the index", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Welding basics", status: "published" });
    const module = await createModule(api, course.id, "Fumes");
    await createLesson(api, module.id, { title: "Extraction", content: "Run the extractor fan." });
    expect(hitsOf(await search(api, "fumes"))).toEqual(["module:Fumes"]);

    ok(await api.post("/_api/modules/update", { id: module.id, title: "Ventilation", description: "Airflow rules" }));
    expect(await search(api, "fumes")).toEqual([]);
    expect(hitsOf(await search(api, "airflow"))).toEqual(["module:Ventilation"]);

    ok(await api.post("/_api/modules/delete", { id: module.id }));
    expect(await search(api, "ventilation")).toEqual([]);
    expect(await search(api, "extractor")).toEqual([]);
  });

  it("lesson create, update (title, text) and delete", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Pallet handling", status: "published" });
    const module = await createModule(api, course.id, "Wrapping");
    const lesson = await createLesson(api, module.id, { title: "Stretch film", content: "Wrap **three** times." });
    expect(hitsOf(await search(api, "stretch"))).toEqual(["lesson:Stretch film"]);

    ok(await api.post("/_api/lessons/update", { id: lesson.id, content: "<p>Band with <em>steel</em> straps.</p>" }));
    expect(await search(api, "three")).toEqual([]);
    expect(hitsOf(await search(api, "steel straps"))).toEqual(["lesson:Stretch film"]);
    ok(await api.post("/_api/lessons/update", { id: lesson.id, title: "Strapping" }));
    expect(hitsOf(await search(api, "strapping steel"))).toEqual(["lesson:Strapping"]);

    ok(await api.post("/_api/lessons/delete", { id: lesson.id }));
    expect(await search(api, "steel")).toEqual([]);
  });

  it("moves: a lesson moved to another module is still found, and stays when its old module goes", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Loading dock", status: "published" });
    const from = await createModule(api, course.id, "Before");
    const to = await createModule(api, course.id, "After");
    const moved = await createLesson(api, from.id, { title: "Wheel chocks", content: "Chock both wheels." });
    ok(await api.post("/_api/modules/reorder", { courseId: course.id, modules: positions([to.id, from.id]) }));
    ok(await api.post("/_api/lessons/reorder", { moduleId: to.id, lessons: positions([moved.id]) }));
    ok(await api.post("/_api/modules/delete", { id: from.id }));
    const [hit] = await search(api, "chocks");
    expect(hit).toMatchObject({ type: "lesson", lessonId: moved.id, courseId: course.id });
  });

  it("a refused write leaves the index as it was", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api, { title: "Glove sizes", status: "published" });
    const refused = await staff.admin.api.post("/_api/courses/update", {
      id: course.id,
      title: "Mitten",
      tagIds: [999999],
    });
    expect(refused.status).toBe(404);
    expect(await search(api, "mitten")).toEqual([]);
    expect(hitsOf(await search(api, "glove sizes"))).toEqual(["course:Glove sizes"]);
  });

  it("organization delete empties its part of the index", async () => {
    const doomed = await orgWithMembers(app, { label: "search-doomed" });
    const course = await createCourse(doomed.admin.api, { title: "Doomed course", description: "Gone soon" });
    const module = await createModule(doomed.admin.api, course.id, "Doomed module");
    await createLesson(doomed.admin.api, module.id, { title: "Doomed lesson", content: "Soon gone." });
    expect(await indexedRowsOf(app, doomed.org.id)).toEqual({ documents: 3, fts: 3 });
    ok(await doomed.admin.api.post("/_api/orgs/delete", { orgId: doomed.org.id }));
    expect(await indexedRowsOf(app, doomed.org.id)).toEqual({ documents: 0, fts: 0 });
  });

  it("organizations that share an index table (SQLite) never find each other's words", async () => {
    const person = await signUp(app, "search-shard");
    const first = await createOrg(person);
    await createCourse(person.api, { title: "Quokka handling", description: "First", status: "published" });
    let second = await createOrg(person);
    // Organization ids share a table when they leave the same remainder: within SEARCH_SHARDS new ones.
    for (let made = 1; second.id % SEARCH_SHARDS !== first.id % SEARCH_SHARDS && made < SEARCH_SHARDS; made++)
      second = await createOrg(person);
    expect(second.id % SEARCH_SHARDS).toBe(first.id % SEARCH_SHARDS);
    await createCourse(person.api, { title: "Quokka feeding", description: "Second", status: "published" });
    const inFirst = { headers: { [ORGANIZATION_HEADER]: String(first.id) } };
    for (const q of ["quokka", "quok", "quokka handling"]) {
      expect(hitsOf(await search(person.api, q)), q).toEqual(q.includes("handling") ? [] : ["course:Quokka feeding"]);
      const firstHits = ok<{ results: { title: string }[] }>(await person.api.get("/_api/search", { q }, inFirst));
      expect(
        firstHits.results.map((hit) => hit.title),
        q,
      ).toEqual(["Quokka handling"]);
    }
    expect(await indexedRowsOf(app, first.id)).toEqual({ documents: 1, fts: 1 });
    expect(await indexedRowsOf(app, second.id)).toEqual({ documents: 1, fts: 1 });
  });
});
