import { DomUtils, parseDocument } from "htmlparser2";
import { fail } from "#server/platform/http/errors.js";
import { SCORM_MESSAGES, type ScormVersion } from "#shared/schemas/scorm.js";

/**
 * imsmanifest.xml read as the package's table of contents (docs/decisions/0332-scorm-manifest-with-htmlparser2.md):
 * its SCORM version, its title, and the SCOs of its default organization in order, each with the file it
 * launches. Pure: the package's file names come in, a refusal goes out as `fail`'s error.
 */

type Node = ReturnType<typeof parseDocument>["children"][number];
type ElementNode = Extract<Node, { attribs: Record<string, string> }>;

/** One launchable item: its identifier in the manifest, its title and the package path (with its query) it starts at. */
export interface ScoEntry {
  identifier: string;
  title: string;
  launch: string;
}

export interface PackageManifest {
  version: ScormVersion;
  title: string;
  scos: ScoEntry[];
}

/** The part of a name after its namespace prefix, lower case: `adlcp:scormType` → `scormtype`. */
function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1).toLowerCase();
}

function isElement(node: Node): node is ElementNode {
  return "attribs" in node;
}

function childElements(node: ElementNode, name: string): ElementNode[] {
  return node.children.filter((child): child is ElementNode => isElement(child) && localName(child.name) === name);
}

function attributeOf(node: ElementNode, name: string): string | undefined {
  for (const [key, value] of Object.entries(node.attribs)) if (localName(key) === name) return value;
  return undefined;
}

function textOf(node: ElementNode | undefined): string {
  return node ? DomUtils.textContent(node).trim() : "";
}

/** 1.2 from the schema version the manifest states, 2004 from any edition of it (CAM 1.3, "2004 4th Edition"). */
function versionOf(manifest: ElementNode, xml: string): ScormVersion {
  const stated = textOf(
    childElements(manifest, "metadata")[0]?.children.find(
      (child): child is ElementNode => isElement(child) && localName(child.name) === "schemaversion",
    ),
  );
  if (stated === "1.2") return "1.2";
  if (/2004|CAM 1\.3/i.test(stated)) return "2004";
  if (xml.includes("adlcp_rootv1p2")) return "1.2";
  if (xml.includes("adlcp_v1p3")) return "2004";
  throw fail.badRequest(SCORM_MESSAGES.badManifest);
}

/** Joins xml:base values and an href as package paths do; a result that leaves the package is no launch. */
function joinBase(...parts: (string | undefined)[]): string | null {
  const joined = parts.filter((part): part is string => Boolean(part)).join("");
  if (/^[a-z][a-z0-9+.-]*:/i.test(joined) || joined.startsWith("/") || joined.includes("\\")) return null;
  const [path = ""] = joined.split(/[?#]/);
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "." || segment === "") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join("/") + joined.slice(path.length);
}

/** The leaf items of an organization, in document order (multi-SCO packages play them in this order). */
function leafItems(node: ElementNode): ElementNode[] {
  return childElements(node, "item").flatMap((item) => {
    const children = leafItems(item);
    return attributeOf(item, "identifierref") ? [item, ...children] : children;
  });
}

/** The manifest's package: refused when it is no SCORM manifest or names nothing the package holds to launch. */
export function readManifest(xml: string, packagePaths: ReadonlySet<string>): PackageManifest {
  const document = parseDocument(xml, { xmlMode: true });
  const manifest = document.children.find(
    (child): child is ElementNode => isElement(child) && localName(child.name) === "manifest",
  );
  if (!manifest) throw fail.badRequest(SCORM_MESSAGES.badManifest);
  const version = versionOf(manifest, xml);
  const manifestBase = attributeOf(manifest, "base");
  const resourcesNode = childElements(manifest, "resources")[0];
  const resources = new Map(
    (resourcesNode ? childElements(resourcesNode, "resource") : []).map((resource) => [
      attributeOf(resource, "identifier") ?? "",
      { resource, base: attributeOf(resourcesNode as ElementNode, "base") },
    ]),
  );
  const organizationsNode = childElements(manifest, "organizations")[0];
  const organizations = organizationsNode ? childElements(organizationsNode, "organization") : [];
  const defaultId = organizationsNode && attributeOf(organizationsNode, "default");
  const organization = organizations.find((each) => attributeOf(each, "identifier") === defaultId) ?? organizations[0];

  const launchOf = (resourceId: string, parameters: string | undefined): string | null => {
    const found = resources.get(resourceId);
    const href = found && attributeOf(found.resource, "href");
    if (!found || !href) return null;
    const launch = joinBase(manifestBase, found.base, attributeOf(found.resource, "base"), href);
    if (launch === null) return null;
    const [path = ""] = launch.split(/[?#]/);
    if (!packagePaths.has(path)) return null;
    if (!parameters) return launch;
    // IMS CP: parameters start with ? or #, or are appended with & to a query the href already has.
    const parameter = parameters.replace(/^[?&]/, "");
    if (parameters.startsWith("#")) return launch + parameters;
    return launch + (launch.includes("?") ? "&" : "?") + parameter;
  };

  const scos: ScoEntry[] = [];
  for (const item of organization ? leafItems(organization) : []) {
    const launch = launchOf(attributeOf(item, "identifierref") ?? "", attributeOf(item, "parameters"));
    if (launch === null) continue;
    scos.push({
      identifier: attributeOf(item, "identifier") ?? `item-${scos.length + 1}`,
      title: textOf(childElements(item, "title")[0]) || `Part ${scos.length + 1}`,
      launch,
    });
  }
  if (scos.length === 0) {
    // No organization to follow: the first SCO resource the package holds.
    for (const [identifier, { resource }] of resources) {
      if (attributeOf(resource, "scormtype")?.toLowerCase() !== "sco") continue;
      const launch = launchOf(identifier, undefined);
      if (launch !== null) {
        scos.push({ identifier, title: "Part 1", launch });
        break;
      }
    }
  }
  if (scos.length === 0) throw fail.badRequest(SCORM_MESSAGES.noLaunchable);
  const title = textOf(organization && childElements(organization, "title")[0]) || (scos[0]?.title ?? "");
  return { version, title: title.slice(0, 255), scos };
}
