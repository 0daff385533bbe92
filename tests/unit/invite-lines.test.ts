import { describe, expect, it } from "vitest";
import { nameFromAddress, parseInviteLines } from "#client/features/team/invite-lines.js";

describe("parseInviteLines (the bulk invite's text)", () => {
  it("reads pasted addresses, several to a line, with a name from each", () => {
    expect(parseInviteLines("jane.doe@example.com, bob@example.com\n\n<sam_lee@example.com>")).toEqual([
      { source: "jane.doe@example.com", name: "Jane Doe", email: "jane.doe@example.com" },
      { source: "bob@example.com", name: "Bob", email: "bob@example.com" },
      { source: "<sam_lee@example.com>", name: "Sam Lee", email: "sam_lee@example.com" },
    ]);
  });

  it("reads CSV lines name,email,role,tags and skips a header", () => {
    const text = 'name,email,role,tags\n"Ann Lee",ann@example.com,Teacher,Ops;Driver\nBo,bo@example.com\n';
    expect(parseInviteLines(text)).toEqual([
      {
        source: '"Ann Lee",ann@example.com,Teacher,Ops;Driver',
        name: "Ann Lee",
        email: "ann@example.com",
        role: "teacher",
        tags: ["Ops", "Driver"],
      },
      { source: "Bo,bo@example.com", name: "Bo", email: "bo@example.com" },
    ]);
  });

  it("passes a line it cannot read on as it is, for the server to refuse with a reason", () => {
    expect(parseInviteLines("just some words")).toEqual([
      { source: "just some words", name: "just some words", email: "" },
    ]);
  });

  it("names an address by its local part", () => {
    expect(nameFromAddress("mary-ann.o+team@example.com")).toBe("Mary Ann O Team");
  });
});
