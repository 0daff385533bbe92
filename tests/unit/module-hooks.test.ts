import { describe, expect, it } from "vitest";
import { courseContentHooks, courseSearch, courseViewParts, lessonPageParts } from "#server/modules/courses/index.js";
import { registrationHooks, userViewParts } from "#server/modules/identity/index.js";
import { organizationUserViewParts } from "#server/modules/organizations/index.js";
import { progressCourseHook } from "#server/modules/progress/index.js";
import { quizCourseHook, quizLessonPageParts } from "#server/modules/quizzes/index.js";
import { searchCourseHook, searchOfCourses } from "#server/modules/search/index.js";
import { signoffCourseHook } from "#server/modules/signoff/index.js";
import { invitationRegistrationHook } from "#server/modules/team/index.js";
import { trainingCourseViewParts } from "#server/modules/training/index.js";
import { Hooks } from "#server/platform/api/hooks.js";
import { requestIdentity } from "#server/platform/api/session.js";
import "#server/router.js";

/** docs/decisions/0290-module-hooks.md: the composition registers each module's hooks once, in a fixed order. */
describe("the hooks server/router.ts registers", () => {
  it("gives each one-provider list its one provider", () => {
    expect(() => requestIdentity.one).not.toThrow();
    expect(courseSearch.one).toBe(searchOfCourses);
    expect(lessonPageParts.one).toBe(quizLessonPageParts);
    expect(courseViewParts.one).toBe(trainingCourseViewParts);
    expect(userViewParts.one).toBe(organizationUserViewParts);
  });

  it("runs the course hooks in one order: the index, progress, then the checks before the sign-off versions", () => {
    expect(courseContentHooks.all).toEqual([searchCourseHook, progressCourseHook, quizCourseHook, signoffCourseHook]);
    expect(registrationHooks.all).toEqual([invitationRegistrationHook]);
  });

  it("refuses `one` of a list with none or several", () => {
    const list = new Hooks<{ answer(): number }>("test");
    expect(() => list.one).toThrow("test: one hook expected, 0 registered");
    list.register({ answer: () => 1 });
    list.register({ answer: () => 2 });
    expect(() => list.one).toThrow("test: one hook expected, 2 registered");
  });
});
