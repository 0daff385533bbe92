import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { batchUrl, isObject, lessonIdsOf, resultJson } from "./answers.js";
import { offlineAwareFetch } from "./offline-fetch.js";
import { announceChange, offlineDatabase, ownerId, ownerPages, pageKey } from "./store.js";

/**
 * "Make available offline" (decision 0141): a course's page, structure and every lesson (with its uploaded
 * images) are read through the offline layer, which keeps them; the course is then marked as saved, and
 * read again on every app start and reconnection so the copy stays current.
 */

const keepingFetch = offlineAwareFetch((input, init) => fetch(input, init));

/** One read in `orgId`, kept by the offline layer; answers the result's json, or throws the refusal. */
async function readKept(orgId: number, procedure: string, input: unknown): Promise<unknown> {
  const response = await keepingFetch(batchUrl(procedure, input), {
    headers: { [ORGANIZATION_HEADER]: String(orgId) },
    credentials: "same-origin",
  });
  const items: unknown = await response.json();
  const json = Array.isArray(items) ? resultJson(items[0]) : undefined;
  if (json === undefined) throw new Error("The course could not be saved for offline use.");
  return json;
}

async function markSaved(orgId: number, courseId: number, saved: boolean): Promise<void> {
  const owner = await ownerId();
  if (owner === null) return;
  const db = await offlineDatabase();
  const key = pageKey(owner, orgId, "course", courseId);
  const page = await db.get("pages", key);
  if (page) await db.put("pages", { ...page, saved });
  announceChange();
}

/** Reads the course and all its lessons for offline use; answers how many lessons were kept. */
export async function saveCourseForOffline(orgId: number, courseId: number): Promise<number> {
  const course = await readKept(orgId, "courses.get", { id: courseId });
  await readKept(orgId, "courses.structure", { courseId });
  const lessonIds = lessonIdsOf(course);
  for (const id of lessonIds) {
    const lesson = await readKept(orgId, "lessons.get", { id });
    // A sign-off lesson shows the member's standing (signed, outdated) offline too; a role that may not sign has none.
    if (isObject(lesson) && lesson.requiresSignoff === true) {
      await readKept(orgId, "lessons.signoff", { lessonId: id }).catch(() => {});
    }
  }
  await markSaved(orgId, courseId, true);
  return lessonIds.length;
}

/** No longer kept current; what was read stays until it is forgotten with the person's records. */
export function stopSavingCourse(orgId: number, courseId: number): Promise<void> {
  return markSaved(orgId, courseId, false);
}

/**
 * Reads saved courses and kept lessons again (app start, reconnection), so that offline they show what
 * the server had last. A course or lesson deleted meanwhile drops out (the offline layer sees the 404).
 * A lesson kept at or after `currentSince` (at app start: the page's own lesson, kept as it loaded) is
 * already current and is not read twice (decision 0247).
 */
export async function refreshOfflineCopies(currentSince = Number.POSITIVE_INFINITY): Promise<void> {
  const pages = await ownerPages();
  let read = false;
  for (const page of pages) {
    try {
      if (page.kind === "course" && page.saved) {
        read = true;
        await saveCourseForOffline(page.orgId, page.id);
      } else if (page.kind === "lesson" && page.storedAt < currentSince) {
        read = true;
        await readKept(page.orgId, "lessons.get", { id: page.id });
      }
    } catch {
      // Offline again, or gone: the next start or reconnection tries again.
    }
  }
  if (read) announceChange();
}
