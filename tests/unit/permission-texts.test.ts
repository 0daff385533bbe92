import { describe, expect, it } from "vitest";
import { isExplainedAction, onlyWhoMay } from "#shared/permission-texts.js";

/** The refusals the screens show are read from the permission table (decision 0295). */
describe("onlyWhoMay", () => {
  it("names the levels the table allows, in words", () => {
    expect(onlyWhoMay("courses.create")).toBe("Only admins and managers can create courses.");
    expect(onlyWhoMay("courses.edit")).toBe("Only admins, managers and teachers can edit courses and their lessons.");
    expect(onlyWhoMay("tags.manage")).toBe("Only an admin can add or change departments and job roles.");
    expect(onlyWhoMay("org.manage")).toBe("Only an admin can rename or delete the organization.");
  });

  it("knows which actions it can explain, for the address a refused page sends", () => {
    expect(isExplainedAction("courses.create")).toBe(true);
    expect(isExplainedAction("settings.view")).toBe(true);
    expect(isExplainedAction("lessons.sign")).toBe(false);
    expect(isExplainedAction("toString")).toBe(false);
    expect(isExplainedAction(undefined)).toBe(false);
  });
});
