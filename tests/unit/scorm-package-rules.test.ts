import { describe, expect, it } from "vitest";
import { readManifest } from "#server/modules/scorm/manifest.rules.js";
import { packagePathOf } from "#server/modules/scorm/package-zip.rules.js";
import { attemptStateOf, secondsOf } from "#server/modules/scorm/runtime.rules.js";
import { manifestOf } from "../support/scorm-packages.js";

describe("a package's file names (docs/decisions/0331)", () => {
  it("keeps names inside the package and refuses those that leave it", () => {
    for (const name of ["index.html", "content/a b.js", "deep/er/x.css", "file..name.txt"]) {
      expect(packagePathOf(name), name).toBe(name);
    }
    for (const name of ["../x", "a/../../x", "a/./b", "/etc/passwd", "a\\b", "C:/x", "c:x", "a\u0000b"]) {
      expect(packagePathOf(name), name).toBeNull();
    }
  });
});

describe("the manifest (docs/decisions/0332)", () => {
  const files = new Set(["a/index.html", "b.html", "c.html"]);

  it("takes the version, the title and the SCOs in order", () => {
    const scos = [
      { id: "1", title: "One", href: "a/index.html" },
      { id: "2", title: "Two", href: "b.html" },
    ];
    expect(readManifest(manifestOf("2004", "Forklift", scos), files)).toEqual({
      version: "2004",
      title: "Forklift",
      scos: [
        { identifier: "item-1", title: "One", launch: "a/index.html" },
        { identifier: "item-2", title: "Two", launch: "b.html" },
      ],
    });
    expect(readManifest(manifestOf("1.2", "Knives", scos.slice(1)), files).version).toBe("1.2");
  });

  it("joins xml:base and item parameters, and never leaves the package", () => {
    const xml = `<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xml:base="a/">
      <organizations default="o"><organization identifier="o"><title>T</title>
        <item identifier="i1" identifierref="r1" parameters="?lang=en"><title>One</title></item>
        <item identifier="i2" identifierref="r2"><title>Out</title></item>
      </organization></organizations>
      <resources><resource identifier="r1" adlcp:scormType="sco" href="index.html"/>
        <resource identifier="r2" adlcp:scormType="sco" href="../../b.html"/></resources></manifest>`;
    expect(readManifest(xml, files).scos).toEqual([{ identifier: "i1", title: "One", launch: "a/index.html?lang=en" }]);
  });
});

describe("what a commit says (docs/decisions/0334)", () => {
  it("reads both versions' time formats", () => {
    expect(secondsOf("0001:02:03.50")).toBe(3723);
    expect(secondsOf("PT1H2M3.5S")).toBe(3724);
    expect(secondsOf("P1DT1S")).toBe(86_401);
    expect(secondsOf("soon")).toBe(0);
  });

  it("completes 1.2 on completed or passed, 2004 on completed unless failed", () => {
    const fresh = { totalSeconds: 0, sessionSeconds: 0 };
    const of12 = (status: string) => attemptStateOf("1.2", { "cmi.core.lesson_status": status }, fresh).completed;
    expect(["completed", "passed", "failed", "incomplete"].map(of12)).toEqual([true, true, false, false]);
    const of2004 = (completion: string, success?: string) =>
      attemptStateOf(
        "2004",
        { "cmi.completion_status": completion, ...(success ? { "cmi.success_status": success } : {}) },
        fresh,
      ).completed;
    expect([of2004("completed"), of2004("completed", "passed"), of2004("completed", "failed")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(of2004("incomplete", "passed")).toBe(false);
  });

  it("adds a session's time once a smaller figure shows the next session began", () => {
    const first = attemptStateOf("2004", { "cmi.session_time": "PT60S" }, { totalSeconds: 0, sessionSeconds: 0 });
    const later = attemptStateOf("2004", { "cmi.session_time": "PT90S" }, first);
    const next = attemptStateOf("2004", { "cmi.session_time": "PT10S" }, later);
    expect([first.totalSeconds, later.totalSeconds, next.totalSeconds, next.sessionSeconds]).toEqual([0, 0, 90, 10]);
  });
});
