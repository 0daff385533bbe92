import { describe, expect, it } from "vitest";
import { readManifest } from "#server/modules/scorm/manifest.rules.js";
import { packagePathOf } from "#server/modules/scorm/package-zip.rules.js";
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
