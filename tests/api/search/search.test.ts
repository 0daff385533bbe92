import { describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { hasControlCharacter } from "#shared/schemas/common.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { SEARCH_MESSAGES } from "#shared/schemas/search.js";
import { XSS_PAYLOADS } from "../../support/xss-payloads.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { hitsOf, search, snippetText } from "../support/search-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Full-text search (decision 0060) over courses, modules and lessons, on the database's own engine. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "search"));
const elsewhere = suiteFixture(() => orgWithMembers(app, { label: "search-other" }));

/** The organization's content, made once through the documented paths. */
const content = suiteFixture(async () => {
  const api = staff.admin.api;
  const forklift = await createCourse(api, {
    title: "Forklift inspections",
    description: "The signature at every shift handover, before the first lift.",
    status: "published",
  });
  const routine = await createModule(api, forklift.id, "Daily routine");
  const battery = await createLesson(api, routine.id, {
    title: "Battery care",
    content: "<p>Charge the battery after each shift. Wear <strong>gloves</strong>.</p><p>Log the fire drill.</p>",
  });
  const kitchen = await createCourse(api, {
    title: "Kitchen hygiene",
    description: "Handwashing.",
    status: "published",
  });
  const storage = await createModule(api, kitchen.id, "Storage");
  const cold = await createLesson(api, storage.id, {
    title: "Cold storage",
    content: "Keep the forklift lane clear of the cold storage door.",
  });
  const draft = await createCourse(api, { title: "Secret forklift plan", description: "Not yet.", status: "draft" });
  const draftModule = await createModule(api, draft.id, "Plan");
  await createLesson(api, draftModule.id, { title: "Unannounced", content: "Quarterly stocktake procedure." });
  const other = await createCourse(elsewhere.admin.api, {
    title: "Forklift elsewhere",
    description: "Another organization's stocktake.",
    status: "published",
  });
  return { forklift, routine, battery, kitchen, cold, other };
});

describe("query rules", () => {
  it("finds words by their stem: inspection finds inspections, charging finds charge", async () => {
    expect(hitsOf(await search(staff.learner.api, "inspection"))).toEqual(["course:Forklift inspections"]);
    expect(hitsOf(await search(staff.learner.api, "charging"))).toEqual(["lesson:Battery care"]);
  });

  it("needs every word, in any field and any order", async () => {
    expect(hitsOf(await search(staff.learner.api, "handover signature"))).toEqual(["course:Forklift inspections"]);
    expect(hitsOf(await search(staff.learner.api, "SIGNATURE Forklift"))).toEqual(["course:Forklift inspections"]);
    expect(await search(staff.learner.api, "handover banana")).toEqual([]);
  });

  it("takes the last word as a prefix while typing, and only the last", async () => {
    expect(hitsOf(await search(staff.learner.api, "daily rout"))).toEqual(["module:Daily routine"]);
    expect(hitsOf(await search(staff.learner.api, "glov"))).toEqual(["lesson:Battery care"]);
    expect(await search(staff.learner.api, "rout daily")).toEqual([]);
  });

  it("matches a quoted phrase only in that order", async () => {
    expect(hitsOf(await search(staff.learner.api, '"fire drill"'))).toEqual(["lesson:Battery care"]);
    expect(await search(staff.learner.api, '"drill fire"')).toEqual([]);
    expect(hitsOf(await search(staff.learner.api, "drill fire"))).toEqual(["lesson:Battery care"]);
  });

  it("ranks a match in a title above a match in a text", async () => {
    const hits = hitsOf(await search(staff.admin.api, "forklift"));
    expect(hits.slice(0, 2).sort()).toEqual(["course:Forklift inspections", "course:Secret forklift plan"]);
    expect(hits.slice(2)).toEqual(["lesson:Cold storage"]);
  });

  it("links a lesson hit to its lesson and course, a module hit to its course", async () => {
    const [lesson] = await search(staff.learner.api, "gloves");
    expect(lesson).toMatchObject({
      type: "lesson",
      id: content.battery.id,
      lessonId: content.battery.id,
      courseId: content.forklift.id,
      courseTitle: "Forklift inspections",
    });
    const [module] = await search(staff.learner.api, "routine");
    expect(module).toMatchObject({
      type: "module",
      id: content.routine.id,
      lessonId: null,
      courseId: content.forklift.id,
    });
  });

  it("answers a snippet of plain text with the match marked, markup stripped", async () => {
    const [lesson] = await search(staff.learner.api, "gloves");
    expect(snippetText(lesson)).toContain("Wear [gloves].");
    expect(lesson?.snippet.every((segment) => Object.keys(segment).sort().join() === "match,text")).toBe(true);
    const [course] = await search(staff.learner.api, "handover");
    expect(snippetText(course)).toContain("every shift [handover]");
  });

  it("finds nothing, and never fails, for input that is only punctuation or query syntax", async () => {
    for (const q of ["%", "***", '"', '""', "-", "()", "'", "\\", "NEAR(", "^", ":", "{title}", "&&||!", "   "]) {
      expect(await search(staff.admin.api, q), q).toEqual([]);
    }
    for (const q of ['forklift"', "forklift*", "forklift OR", "title:forklift", "-forklift", "forklift AND NOT"]) {
      const response = await staff.admin.api.get("/_api/search", { q });
      expect(response.status, q).toBe(200);
    }
    expect(hitsOf(await search(staff.learner.api, "(inspections)!"))).toEqual(["course:Forklift inspections"]);
  });

  it("limits the number of hits and refuses a limit out of range", async () => {
    expect(await search(staff.admin.api, "forklift", 1)).toHaveLength(1);
    for (const limit of ["0", "51", "abc"]) {
      expect(refusal(await staff.admin.api.get("/_api/search", { q: "forklift", limit }))).toEqual({
        status: 400,
        error: SEARCH_MESSAGES.limitInvalid,
      });
    }
    expect(refusal(await staff.admin.api.get("/_api/search", { q: "x".repeat(256) }))).toEqual({
      status: 400,
      error: SEARCH_MESSAGES.queryTooLong,
    });
  });
});

describe("visibility", () => {
  it("shows drafts and their lessons to content creators only", async () => {
    expect(hitsOf(await search(staff.teacher.api, "stocktake"))).toEqual(["lesson:Unannounced"]);
    for (const member of [staff.learner, staff.user]) {
      expect(await search(member.api, "stocktake")).toEqual([]);
      expect(await search(member.api, "secret")).toEqual([]);
    }
  });

  it("never returns another organization's content, nor lets its members search this one", async () => {
    expect(hitsOf(await search(staff.admin.api, "elsewhere"))).toEqual([]);
    expect(hitsOf(await search(elsewhere.admin.api, "forklift"))).toEqual(["course:Forklift elsewhere"]);
    const asOther = await elsewhere.admin.api.get(
      "/_api/search",
      { q: "forklift" },
      { headers: { [ORGANIZATION_HEADER]: String(staff.org.id) } },
    );
    expect(refusal(asOther)).toEqual({ status: 404, error: ORG_MESSAGES.noAccess });
    expect(hitsOf(await search(elsewhere.admin.api, "forklift"))).toEqual(["course:Forklift elsewhere"]);
  });
});

describe("snippets and the XSS corpus", () => {
  it("keeps every snippet plain text: lesson markup never comes back, descriptions come back as text", async () => {
    const course = await createCourse(staff.admin.api, { title: "Payload zebra course", status: "published" });
    const module = await createModule(staff.admin.api, course.id, "Payloads");
    const stored = new Map<number, string>();
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const lesson = await createLesson(staff.admin.api, module.id, {
        title: `Payload ${index}`,
        content: `<p>zebra before</p>${payload}<p>zebra after</p>`,
      });
      stored.set(lesson.id, lesson.content ?? "");
    }
    const description = `${XSS_PAYLOADS[0]} zebra`;
    await createCourse(staff.admin.api, { title: "Described zebra", description, status: "published" });
    const results = await search(staff.admin.api, "zebra", 50);
    expect(results.filter((result) => result.type === "lesson")).toHaveLength(XSS_PAYLOADS.length);
    for (const result of results) {
      const shown = result.snippet.map((segment) => segment.text).join("");
      expect(hasControlCharacter(shown, true), result.title).toBe(false);
      if (result.type !== "lesson") continue;
      // What was markup in the stored lesson never reaches a snippet; what was text (`&lt;b&gt;`) may.
      for (const [tag] of (stored.get(result.id) ?? "").matchAll(/<[^>]+>/g))
        expect(shown, result.title).not.toContain(tag);
    }
    const described = results.find((result) => result.title === "Described zebra");
    // Plain text taken from the description (PostgreSQL's ts_headline leaves out what looks like a tag).
    const describedText = described?.snippet.map((segment) => segment.text).join("") ?? "";
    expect(describedText).toContain("zebra");
    expect(description).toContain(describedText);
  });
});

describe("courses/list?search= uses the same engine", () => {
  const listed = async (search: string) =>
    ok<CourseView[]>(await staff.learner.api.get("/_api/courses/list", { search })).map((course) => course.title);

  it("matches every word of the title and description, stemmed, the last as a prefix", async () => {
    expect(await listed("handover signature")).toEqual(["Forklift inspections"]);
    expect(await listed("inspection")).toEqual(["Forklift inspections"]);
    expect(await listed("kitch")).toEqual(["Kitchen hygiene"]);
    // Lesson text belongs to the search palette; the course list searches the courses' own words.
    expect(await listed("gloves")).toEqual([]);
    expect(await listed("%")).toEqual([]);
  });
});
