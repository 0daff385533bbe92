import type { z } from "zod";
import { type CourseContext, findLesson, findVisibleCourse } from "#server/modules/courses/index.js";
import type { Membership } from "#server/modules/organizations/index.js";
import { completionWayOf, recordCompletion } from "#server/modules/progress/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import type { SignedInUser } from "#server/platform/api/session.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import {
  SCORM_FILES_PREFIX,
  SCORM_MESSAGES,
  type ScormCommitView,
  type ScormLaunchView,
  type scormCommitInput,
} from "#shared/schemas/scorm.js";
import { launchToken } from "./launch-token.js";
import type { ScoEntry } from "./manifest.rules.js";
import { attemptStateOf, type FlatCmi, resumeValuesOf } from "./runtime.rules.js";
import { ScormAttempt, ScormPackage } from "./scorm.entity.js";

/**
 * Playing a SCORM lesson (docs/decisions/0333, 0334): scorm/launch gives the lesson page the package's SCOs,
 * each at an address with its own launch token, and what each resumes from; scorm/commit keeps the
 * runtime's data per learner, package version and SCO, and completes the lesson through progress's one
 * completion path once every SCO is completed (and none failed).
 */

type PlayContext = CourseContext & OrganizationScope & { user: SignedInUser };
type CommitContext = PlayContext & { membership: Pick<Membership, "createdAt"> };

/** The lesson's package, for a member who may see its course; anyone else and a lesson without one: 404. */
async function visiblePackage(ctx: PlayContext, lessonId: number) {
  const lesson = await findLesson(ctx, lessonId);
  const course = await findVisibleCourse(ctx, lesson.module.course.id);
  const stored = await ctx.em.findOne(ScormPackage, { lesson: lesson.id }, { refresh: true });
  if (!stored) throw fail.notFound(SCORM_MESSAGES.packageNotFound);
  return { lesson, course, stored, scos: JSON.parse(stored.scos) as ScoEntry[] };
}

/** A launch path as a URL path: each segment encoded, the query kept as the manifest wrote it. */
function urlPathOf(launch: string): string {
  const cut = launch.search(/[?#]/);
  const path = cut === -1 ? launch : launch.slice(0, cut);
  const rest = cut === -1 ? "" : launch.slice(cut);
  return path.split("/").map(encodeURIComponent).join("/") + rest;
}

export async function launchScorm(ctx: PlayContext, lessonId: number): Promise<ScormLaunchView> {
  const { lesson, stored, scos } = await visiblePackage(ctx, lessonId);
  const attempts = await ctx.em.find(ScormAttempt, {
    lesson: lesson.id,
    user: ctx.user.id,
    packageVersion: stored.version,
  });
  const bySco = new Map(attempts.map((attempt) => [attempt.sco, attempt]));
  const launched = [];
  for (const [scoIndex, sco] of scos.entries()) {
    const attempt = bySco.get(sco.identifier);
    const token = await launchToken(ctx.em, {
      packageId: stored.id,
      packageVersion: stored.version,
      userId: ctx.user.id,
      scoIndex,
    });
    launched.push({
      identifier: sco.identifier,
      title: sco.title,
      url: `${SCORM_FILES_PREFIX}${token}/${urlPathOf(sco.launch)}`,
      completed: attempt?.completed ?? false,
      resume: resumeValuesOf(stored.scormVersion, attempt ? (JSON.parse(attempt.runtime) as FlatCmi) : null),
    });
  }
  return { version: stored.scormVersion, title: stored.title, packageVersion: stored.version, scos: launched };
}

/**
 * One commit of the runtime. Sent from the device's queue (docs/decisions/0361-scorm-commits-through-the-device-queue.md):
 * a copy sent again answers its first answer (the ledger of decision 0140), and a commit made before the
 * one already kept (sent late from a device that was offline) keeps the newer data; a completion it
 * carries still counts, dated when it was made.
 */
export async function commitScorm(
  ctx: CommitContext,
  input: z.output<typeof scormCommitInput>,
): Promise<ScormCommitView> {
  const replay = await replayedAnswer<ScormCommitView>(ctx, input.clientId, CLIENT_ACTION_KINDS.scormCommit);
  if (replay) return replay;
  const { lesson, course, stored, scos } = await visiblePackage(ctx, input.lessonId);
  if (stored.version !== input.packageVersion) throw fail.conflict(SCORM_MESSAGES.packageReplaced);
  if (!scos.some((sco) => sco.identifier === input.sco)) throw fail.badRequest(SCORM_MESSAGES.commitInvalid);
  const doneAt = actionTime(input.doneAt, [ctx.membership.createdAt, course.createdAt]);
  const key = { lesson: lesson.id, user: ctx.user.id, packageVersion: stored.version, sco: input.sco };
  const found = await ctx.em.findOne(ScormAttempt, key);
  const attempt = found ?? createOwned(ctx, ScormAttempt, { ...key, lesson, user: ctx.user.id, runtime: "{}" });
  const state = attemptStateOf(stored.scormVersion, input.cmi, attempt);
  const newest = !found || found.updatedAt.getTime() <= doneAt.getTime();
  // Completing has no undo (docs/SPEC.md §4): a later commit that says "incomplete" keeps it completed.
  const completed = attempt.completed || state.completed;
  if (newest) Object.assign(attempt, state, { runtime: JSON.stringify(input.cmi), updatedAt: doneAt });
  attempt.completed = completed;
  await ctx.em.flush();
  const completedScos = await ctx.em.count(ScormAttempt, {
    lesson: lesson.id,
    user: ctx.user.id,
    packageVersion: stored.version,
    completed: true,
  });
  const lessonCompleted = completedScos >= scos.length;
  // A sign-off lesson is still completed by signing (decision 0101); any other only the package completes.
  const completesByPlaying =
    completionWayOf({ requiresSignoff: lesson.requiresSignoff, hasQuiz: false, playsPackage: true }) === "play";
  if (lessonCompleted && completesByPlaying) await recordCompletion(ctx, lesson.id, doneAt);
  return rememberAnswer(ctx, input.clientId, CLIENT_ACTION_KINDS.scormCommit, {
    result: true,
    errorCode: 0,
    lessonCompleted,
  });
}
