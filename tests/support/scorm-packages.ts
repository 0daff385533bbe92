import { strToU8, type Zippable, zipSync } from "fflate";

/**
 * SCORM packages the tests build themselves (no vendor file in the repository): a manifest of SCORM 1.2 or
 * 2004 naming one or several SCOs, each a small page that talks to the runtime the lesson page gives it.
 */

export type PackageVersion = "1.2" | "2004";

/** What a SCO page does once it has the runtime (scoPage). */
export interface ScoBehaviour {
  /** The raw score it reports, out of 100. */
  score?: number;
  /** "passed", "failed", "completed" or "incomplete": set as 1.2's lesson_status, or 2004's completion and success. */
  status?: "passed" | "failed" | "completed" | "incomplete";
  /** Written as suspend_data and location when the page's "Stop here" button is pressed. */
  suspendAs?: string;
}

export interface ScoSpec {
  id: string;
  title: string;
  href: string;
  behaviour?: ScoBehaviour;
}

const MANIFEST_HEAD: Record<PackageVersion, string> = {
  "1.2": `<manifest identifier="pkg" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>`,
  "2004": `<manifest identifier="pkg" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>`,
};

export function manifestOf(version: PackageVersion, title: string, scos: readonly ScoSpec[]): string {
  const type = version === "1.2" ? "adlcp:scormtype" : "adlcp:scormType";
  const items = scos
    .map((sco) => `<item identifier="item-${sco.id}" identifierref="res-${sco.id}"><title>${sco.title}</title></item>`)
    .join("\n      ");
  const resources = scos
    .map(
      (sco) =>
        `<resource identifier="res-${sco.id}" type="webcontent" ${type}="sco" href="${sco.href}"><file href="${sco.href}"/></resource>`,
    )
    .join("\n    ");
  return `<?xml version="1.0" encoding="UTF-8"?>
${MANIFEST_HEAD[version]}
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${title}</title>
      ${items}
    </organization>
  </organizations>
  <resources>
    ${resources}
  </resources>
</manifest>`;
}

/**
 * A SCO page: it finds the runtime as vendor content does (its own window first), initializes, shows what
 * it resumed, reports its score and status, and on "Stop here" suspends with its position.
 */
export function scoPage(version: PackageVersion, title: string, behaviour: ScoBehaviour = {}): string {
  const config = JSON.stringify({ version, ...behaviour });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><p id="resumed">not started</p><p id="state">loading</p>
<button id="stop" type="button">Stop here</button> <button id="finish" type="button">Finish</button>
<script>
const config = ${config};
const api = config.version === "1.2" ? window.API : window.API_1484_11;
const v12 = config.version === "1.2";
const call = (name, ...args) => api[(v12 ? "LMS" : "") + name](...args);
call("Initialize", "");
const suspended = call("GetValue", "cmi.suspend_data");
const place = call("GetValue", v12 ? "cmi.core.lesson_location" : "cmi.location");
document.getElementById("resumed").textContent = suspended ? "resumed: " + suspended + " at " + place : "fresh start";
document.getElementById("state").textContent = "running";
document.getElementById("stop").addEventListener("click", () => {
  call("SetValue", "cmi.suspend_data", config.suspendAs ?? "halfway");
  call("SetValue", v12 ? "cmi.core.lesson_location" : "cmi.location", "page-2");
  if (v12) call("SetValue", "cmi.core.lesson_status", "incomplete");
  else call("SetValue", "cmi.completion_status", "incomplete");
  call("SetValue", v12 ? "cmi.core.exit" : "cmi.exit", "suspend");
  call("Commit", "");
  document.getElementById("state").textContent = "stopped";
});
document.getElementById("finish").addEventListener("click", () => {
  if (config.score !== undefined) {
    call("SetValue", v12 ? "cmi.core.score.raw" : "cmi.score.raw", String(config.score));
    if (!v12) call("SetValue", "cmi.score.scaled", String(config.score / 100));
  }
  const status = config.status ?? "completed";
  if (v12) call("SetValue", "cmi.core.lesson_status", status);
  else {
    call("SetValue", "cmi.completion_status", status === "incomplete" ? "incomplete" : "completed");
    if (status === "passed" || status === "failed") call("SetValue", "cmi.success_status", status);
  }
  call("Commit", "");
  document.getElementById("state").textContent = "finished";
});
</script></body></html>`;
}

/** The package's ZIP from its files (paths as given, so a test can also name ones that leave the package). */
export function zipOf(files: Record<string, string | Uint8Array>, level: 0 | 6 | 9 = 6): Uint8Array<ArrayBuffer> {
  const zippable: Zippable = {};
  for (const [path, content] of Object.entries(files)) {
    zippable[path] = [typeof content === "string" ? strToU8(content) : content, { level }];
  }
  return zipSync(zippable) as Uint8Array<ArrayBuffer>;
}

/** A playable package: its manifest and one page per SCO. */
export function scormPackage(
  version: PackageVersion,
  title: string,
  scos: readonly ScoSpec[],
): Uint8Array<ArrayBuffer> {
  const files: Record<string, string> = { "imsmanifest.xml": manifestOf(version, title, scos) };
  for (const sco of scos) files[sco.href] = scoPage(version, sco.title, sco.behaviour);
  return zipOf(files);
}

/** One SCO at `content/index.html`. */
export function singleScoPackage(
  version: PackageVersion,
  title = "Food safety",
  behaviour: ScoBehaviour = {},
): Uint8Array<ArrayBuffer> {
  return scormPackage(version, title, [{ id: "1", title, href: "content/index.html", behaviour }]);
}

/**
 * A hostile SCO: it asks the app's API for the learner's account with credentials, and reaches for the
 * lesson page's document and storage; it writes what it got into its own page for the test to read.
 */
export function probePackage(): Uint8Array<ArrayBuffer> {
  const probe = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probe</title></head>
<body><h1>Probe</h1><p id="api">pending</p><p id="parent">pending</p><p id="cookie">pending</p>
<script>
const say = (id, text) => { document.getElementById(id).textContent = text; };
fetch("/_api/auth/me", { credentials: "include" })
  .then((response) => response.text().then((body) => say("api", "status " + response.status + ": " + body)))
  .catch((error) => say("api", "blocked: " + error.name));
try { say("parent", "read: " + parent.document.body.innerText.slice(0, 200)); }
catch (error) { say("parent", "denied: " + error.name); }
try { say("cookie", "cookie: [" + document.cookie + "]"); }
catch (error) { say("cookie", "denied: " + error.name); }
</script></body></html>`;
  return zipOf({
    "imsmanifest.xml": manifestOf("1.2", "Probe", [{ id: "1", title: "Probe", href: "probe.html" }]),
    "probe.html": probe,
  });
}
