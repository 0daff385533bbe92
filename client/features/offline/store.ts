import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { ClientActionKind } from "#shared/client-action-kinds.js";
import type { ContentLanguage } from "#shared/content-languages.js";

/**
 * What this device keeps of one person for offline use (decision 0141), in IndexedDB, shared by
 * the pages and the service worker. Every record names the person (`userId`) and organization (`orgId`)
 * it belongs to; the device holds one person's records at a time (the "owner"), and everything is
 * forgotten when they log out or someone else signs in (forgetEverything).
 */

/** One tRPC query answer, as the server sent it (superjson's `{ result: { data } }`). */
interface StoredAnswer {
  key: string;
  userId: number;
  orgId: number | null;
  item: unknown;
  storedAt: number;
}

export type OfflinePageKind = "course" | "lesson";

/** A course or lesson page that opens offline. */
export interface OfflinePage {
  key: string;
  userId: number;
  orgId: number;
  kind: OfflinePageKind;
  id: number;
  title: string;
  /** The course it belongs to (a course's own id for a course). */
  courseId: number;
  /** "Make available offline" was chosen for this course; kept lessons are false. */
  saved: boolean;
  storedAt: number;
}

/** Work done on this device, waiting to be sent, or refused by the server (shown until dismissed). */
export interface QueuedAction {
  clientId: string;
  kind: ClientActionKind;
  userId: number;
  orgId: number;
  lessonId: number;
  /** For the list in the header: what the member did, in words they recognise. */
  title: string;
  /** A signature's version and typed name (lesson.sign). */
  signature?: { version: number; fullName: string; language?: ContentLanguage; translationVersion?: number };
  /** A knowledge check's answers (quiz.submit): graded by the server only. */
  answers?: Array<{ questionId: number; optionIds: number[] }>;
  /** A SCORM runtime's commit (scorm.commit): the SCO, its package version and its flattened data. */
  scormCommit?: { sco: string; packageVersion: number; cmi: Record<string, unknown> };
  /** When the member did it, by this device's clock: sent as `doneAt` (decision 0142). */
  createdAt: number;
  status: "pending" | "refused";
  /** The server's reason, once refused. */
  error?: string;
}

interface OfflineSchema extends DBSchema {
  meta: { key: string; value: unknown };
  answers: { key: string; value: StoredAnswer };
  pages: { key: string; value: OfflinePage };
  queue: { key: string; value: QueuedAction };
}

const DATABASE_NAME = "trainwright-offline";
/** Uploaded lesson images of the device's owner; the service worker answers from it when offline. */
export const IMAGE_CACHE_PREFIX = "trainwright-images-";
const OWNER_KEY = "owner";
const ORG_SLUGS_KEY = "orgSlugs";
const CHANNEL_NAME = "trainwright-offline";

let database: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function offlineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(DATABASE_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("meta");
      db.createObjectStore("answers", { keyPath: "key" });
      db.createObjectStore("pages", { keyPath: "key" });
      db.createObjectStore("queue", { keyPath: "clientId" });
    },
  });
  return database;
}

/**
 * What changed: "records" only on this device (the queue, saved courses, the owner); "sent" also on the
 * server (queued actions were taken or refused), so pages showing progress must ask it again. Keeping
 * the two apart matters: a page that refetched on every local change would lose what it had just
 * loaded to a sign-in that merely recorded the device's owner.
 */
export type OfflineChange = "records" | "sent";

/** Tells every page (this one included) and the worker that the offline records changed. */
export function announceChange(change: OfflineChange = "records"): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage(change);
  channel.close();
}

/** Calls `listener` when a page or the worker changed the records; returns the unsubscribe. */
export function onChange(listener: (change: OfflineChange) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => listener(event.data === "sent" ? "sent" : "records");
  return () => channel.close();
}

export async function ownerId(): Promise<number | null> {
  const value = await (await offlineDatabase()).get("meta", OWNER_KEY);
  return typeof value === "number" ? value : null;
}

/** Forgets everything of every person on this device: answers, pages, the queue and the images. */
export async function forgetEverything(): Promise<void> {
  const db = await offlineDatabase();
  const tx = db.transaction(["meta", "answers", "pages", "queue"], "readwrite");
  await Promise.all([
    tx.objectStore("meta").clear(),
    tx.objectStore("answers").clear(),
    tx.objectStore("pages").clear(),
    tx.objectStore("queue").clear(),
    tx.done,
  ]);
  if (typeof caches !== "undefined") {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(IMAGE_CACHE_PREFIX)).map((name) => caches.delete(name)));
  }
  announceChange();
}

/**
 * Makes `userId` the device's owner. Someone else's records go first: a second person signing in on
 * this device never sees the first one's courses, progress or queued work.
 */
export async function adoptOwner(userId: number): Promise<void> {
  const current = await ownerId();
  if (current === userId) return;
  if (current !== null) await forgetEverything();
  await (await offlineDatabase()).put("meta", userId, OWNER_KEY);
  announceChange();
}

export function imageCacheName(userId: number): string {
  return `${IMAGE_CACHE_PREFIX}${userId}`;
}

export function answerKey(userId: number, orgId: number | null, procedure: string, input: unknown): string {
  return `${userId}/${orgId ?? "-"}/${procedure}?${JSON.stringify(input ?? null)}`;
}

export function pageKey(userId: number, orgId: number, kind: OfflinePageKind, id: number): string {
  return `${userId}/${orgId}/${kind}/${id}`;
}

/** The organizations' slugs, for turning stored pages into addresses (the records name organizations by id). */
async function organizationSlugs(): Promise<Record<string, string>> {
  const value = await (await offlineDatabase()).get("meta", ORG_SLUGS_KEY);
  return typeof value === "object" && value !== null ? (value as Record<string, string>) : {};
}

export async function rememberOrganizationSlugs(slugs: Record<string, string>): Promise<void> {
  await (await offlineDatabase()).put("meta", slugs, ORG_SLUGS_KEY);
}

/** The owner's pages that open offline, each with its address. */
export async function ownerPages(): Promise<Array<OfflinePage & { path: string }>> {
  const owner = await ownerId();
  if (owner === null) return [];
  const [pages, slugs] = await Promise.all([(await offlineDatabase()).getAll("pages"), organizationSlugs()]);
  return pages.flatMap((page) => {
    const slug = slugs[String(page.orgId)];
    if (page.userId !== owner || !slug) return [];
    const section = page.kind === "course" ? "courses" : "lessons";
    return [{ ...page, path: `/${encodeURIComponent(slug)}/${section}/${page.id}` }];
  });
}
