import { PRIORITY_OF_KIND } from "#server/platform/mail/outbox.entity.js";
import type { WebhookEvent } from "#shared/schemas/webhooks.js";
import type { Dialect } from "../../../mikro-orm.config.js";
import { subscribedTo } from "./webhooks.rules.js";

/**
 * The deliveries of a completion (`lesson.completed`) and of the course it completes (`course.completed`),
 * written by the completion's own statements (progress' completionStatementHooks, registered by
 * server/router.ts): one INSERT … SELECT each, reading the completion as `c`, so they commit with it or
 * not at all (docs/decisions/0341-webhooks-through-the-outbox.md). The body is built by the database in
 * the shape webhookBody (webhooks.data.ts) writes.
 */

const SQL = {
  sqlite: {
    json: "json_object",
    asText: (json: string) => json,
    isoTime: (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`,
    messageId: "'msg_' || lower(hex(randomblob(16)))",
  },
  postgresql: {
    json: "json_build_object",
    asText: (json: string) => `${json}::text`,
    isoTime: (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    messageId: "'msg_' || replace(gen_random_uuid()::text, '-', '')",
  },
} as const;

/** The SELECT of one event's deliveries: a row per subscribed, enabled endpoint, when `where` holds. */
function deliveriesSelect(event: WebhookEvent, completion: string, dialect: Dialect, where: string): string {
  const sql = SQL[dialect];
  const body = sql.asText(
    `${sql.json}('type', '${event}', 'timestamp', ${sql.isoTime("c.completed_at")}, 'data', ${sql.json}(` +
      `'organizationId', c.organization_id, 'actorId', c.user_id, 'userId', c.user_id, 'courseId', m.course_id, ` +
      `'lessonId', ${event === "lesson.completed" ? "c.lesson_id" : "null"}, ` +
      `'${event === "lesson.completed" ? "lessonTitle" : "courseTitle"}', ` +
      `${event === "lesson.completed" ? "l.title" : "(select title from courses where id = m.course_id)"}))`,
  );
  return `select c.organization_id, 'webhook', ${PRIORITY_OF_KIND.webhook}, w.url, '${event}', ${body}, '', c.completed_at,
      0, c.completed_at, w.id, ${sql.messageId}
    from ${completion} join webhooks w on w.organization_id = c.organization_id
      and w.disabled_at is null and w.events like '${subscribedTo(event)}'
    join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id${where}`;
}

/**
 * One statement for both events (a completion's statements are its hot path: on SQLite each is one more
 * step, decision 0241): the lesson's delivery, and the course's when this completion completes it, that is
 * when the member's progress row (`progress`, counted with this completion, as progress' hook contract
 * says) has as many completed lessons as the course has lessons. SQLite's completion is read by its key's
 * parameters, once, as a CTE that both halves read; PostgreSQL's is the INSERT's own rows.
 */
export const webhookCompletionHook = {
  recordedFrom: (completion: string, progress: string, dialect: Dialect) => {
    const source = dialect === "sqlite" ? "completed c" : completion;
    const insert = `insert into outbox_mails (organization_id, kind, priority, recipient, subject, text, html,
      created_at, attempts, next_attempt_at, webhook_id, message_id)
    ${deliveriesSelect("lesson.completed", source, dialect, "")}
    union all
    ${deliveriesSelect("course.completed", source, dialect, courseCompleted(progress))}`;
    return dialect === "sqlite" ? `with completed as (select * from ${completion}) ${insert}` : insert;
  },
};

function courseCompleted(progress: string): string {
  return `
    join ${progress} p on p.user_id = c.user_id and p.course_id = m.course_id
    where p.completed_lessons
      = (select count(*) from lessons al join modules am on am.id = al.module_id where am.course_id = m.course_id)`;
}
