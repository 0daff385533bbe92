import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { MikroORM } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { FastifyInstance, FastifyReply } from "fastify";
import { SCORM_FILES_PREFIX, SCORM_FRAME_API_PATH } from "#shared/schemas/scorm.js";
import { grantOfToken } from "./launch-token.js";
import type { ScoEntry } from "./manifest.rules.js";
import { packagePathOf } from "./package-zip.rules.js";
import { resumeValuesOf } from "./runtime.rules.js";
import { ScormAttempt, ScormFile, ScormPackage } from "./scorm.entity.js";

/**
 * A package's files, played in the lesson page's sandboxed frame (docs/decisions/0333-scorm-played-in-an-opaque-origin.md).
 * Not a procedure: the path ends in the file's own path, so that the package's relative URLs keep working,
 * and it reads no cookie at all: the launch token in the path is the access check (launch-token.ts).
 * Every answer carries a policy that sandboxes it even when opened on its own, and every page of the
 * package gets the runtime's frame half first, primed with what the learner's last commit left.
 */

/**
 * The content runs (its own inline scripts and eval included: authoring tools emit both) in an opaque
 * origin: no cookie, no storage of the app, no reach into the lesson page. Framed only by the app itself.
 */
const FILE_POLICY = [
  "sandbox allow-scripts allow-forms allow-popups",
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:",
  "frame-ancestors 'self'",
].join("; ");

const NOT_FOUND = "Not found.";

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send(NOT_FOUND);
}

/** Read once: scorm-again's CrossFrameAPI as a classic script (it defines `CrossFrameAPI` on the window). */
function frameApiSource(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve("scorm-again/cross-frame-api/min"), "utf8").replace(
    /\n\/\/# sourceMappingURL=.*$/,
    "",
  );
}

/** JSON safe inside a <script> element: no `</script>` or comment opener can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The runtime's frame half, before anything of the page: `API` and `API_1484_11` in the frame's own window
 * (the parent is out of reach in an opaque origin), answering from a cache primed with the resumed values,
 * so that `cmi.suspend_data` and the location read right after Initialize are the learner's.
 */
function bootstrapOf(appOrigin: string, resume: Record<string, string>): string {
  return `<script src="${SCORM_FRAME_API_PATH}"></script><script>(function(){var api=new CrossFrameAPI(${scriptJson(appOrigin)},window.parent);var saved=${scriptJson(resume)};for(var key in saved){api._cache.set(key,saved[key]);}window.API=api;window.API_1484_11=api;})();</script>`;
}

function withBootstrap(html: string, bootstrap: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + bootstrap + html.slice(head.index + head[0].length);
  return bootstrap + html;
}

async function resumeOf(em: SqlEntityManager, stored: ScormPackage, userId: number, scoIndex: number) {
  const sco = (JSON.parse(stored.scos) as ScoEntry[])[scoIndex];
  if (!sco) return null;
  const attempt = await em.findOne(
    ScormAttempt,
    { lesson: stored.lesson.id, user: userId, packageVersion: stored.version, sco: sco.identifier },
    { filters: false },
  );
  return resumeValuesOf(stored.scormVersion, attempt ? (JSON.parse(attempt.runtime) as Record<string, string>) : null);
}

export function registerScormFiles(app: FastifyInstance, orm: MikroORM): void {
  const frameApi = frameApiSource();
  app.get(SCORM_FRAME_API_PATH, (_req, reply) =>
    reply
      .header("Cache-Control", "public, max-age=3600")
      // Loaded by the package's frame, whose origin is opaque: a cross-origin load.
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .type("text/javascript; charset=utf-8")
      .send(frameApi),
  );

  app.get(`${SCORM_FILES_PREFIX}:token/*`, async (req, reply) => {
    const { token, "*": rawPath } = req.params as { token: string; "*": string };
    let path: string | null;
    try {
      path = packagePathOf(decodeURIComponent(rawPath));
    } catch {
      path = null;
    }
    const em = orm.em.fork() as SqlEntityManager;
    const grant = path === null ? null : await grantOfToken(em, token);
    if (!grant || path === null) return notFound(reply);
    // Which organization is the question here: the token names the package, and the filter has none yet.
    const stored = await em.findOne(ScormPackage, { id: grant.packageId }, { filters: false });
    if (!stored || stored.version !== grant.packageVersion) return notFound(reply);
    const file = await em.findOne(ScormFile, { package: stored.id, path }, { filters: false, populate: ["bytes"] });
    if (!file) return notFound(reply);
    reply
      .header("Content-Security-Policy", FILE_POLICY)
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .header("Referrer-Policy", "no-referrer")
      .removeHeader("X-Frame-Options")
      .type(file.contentType);
    if (!file.contentType.startsWith("text/html")) return reply.send(file.bytes);
    const resume = (await resumeOf(em, stored, grant.userId, grant.scoIndex)) ?? {};
    const appOrigin = `${req.protocol}://${req.host}`;
    return reply.send(withBootstrap(file.bytes.toString("utf8"), bootstrapOf(appOrigin, resume)));
  });
}
