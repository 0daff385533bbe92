/**
 * What the evidence log's sequencer costs the process (docs/decisions/0400-evidence-append-cost.md): starts
 * the app as `npm run bench` does (scripts/lib/bench-app.ts), fills one organization's log with
 * SEQ_LOG (default 20000) chained entries, lets the sequencer run on its timer for SEQ_WARM_SECONDS (default
 * 65, past the minute after which its start settles), then SEQ_ROUNDS (default 3) times appends SEQ_BACKLOG
 * (default 5000) entries at once, as a rush of completions would, and measures the process's CPU until
 * they are all chained. Prints CPU ms per 1000 entries chained, each run and the median. Works on any
 * commit with the sequencer job, so it compares two worktrees.
 *
 *   node --import tsx scripts/bench-sequencer.ts        SEQ_DB=postgres for PostgreSQL
 */
import { setTimeout as pause } from "node:timers/promises";
import { SEQUENCER_JOB } from "#server/modules/evidence/index.js";
import { registerUser, startBenchApp } from "./lib/bench-app.js";

const LOG = Number(process.env.SEQ_LOG ?? 20000);
const BACKLOG = Number(process.env.SEQ_BACKLOG ?? 5000);
const ROUNDS = Number(process.env.SEQ_ROUNDS ?? 3);
const WARM_SECONDS = Number(process.env.SEQ_WARM_SECONDS ?? 65);

/** `count` access changes of the organization, inserted in one statement (what events append, unsequenced). */
const APPEND = `insert into evidence_entries
    (organization_id, kind, occurred_at, actor_id, subject_user_id, course_id, lesson_id, facts)
  with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
  select ?, 'member.accessChanged', ?, ?, ?, null, null, '{"from":"learner","to":"teacher"}' from n`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const { app, orm, base, close } = await startBenchApp({
    name: "trainwright-bench-sequencer",
    postgres: process.env.SEQ_DB === "postgres",
  });
  try {
    const cookie = await registerUser(base, { name: "Seq Admin", email: "seq@example.com", password: "seq-password" });
    const created = await fetch(`${base}/_api/orgs/create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "Seq Org", slug: "seq-org" }),
    });
    const orgId = ((await created.json()) as { json: { id: number } }).json.id;
    const connection = orm.em.fork().getConnection();
    const [admin] = await connection.execute<{ id: unknown }[]>("select id from users where email_key = ?", [
      "seq@example.com",
    ]);
    const append = (count: number) =>
      connection.execute(APPEND, [count, orgId, new Date(), Number(admin?.id), Number(admin?.id)]);
    const entries = async () => {
      const [row] = await connection.execute<{ n: unknown }[]>(
        "select count(*) as n from evidence_entries where organization_id = ?",
        [orgId],
      );
      return Number(row?.n);
    };
    // The organization's head: the unique key (organization, seq) answers it without a scan.
    const chained = async () => {
      const [row] = await connection.execute<{ top: unknown }[]>(
        "select max(seq) as top from evidence_chain where organization_id = ?",
        [orgId],
      );
      return Number(row?.top ?? 0);
    };
    const chainAll = async () => {
      const target = await entries();
      while ((await chained()) < target) await app.scheduler.run(SEQUENCER_JOB);
    };

    await append(LOG);
    await chainAll();
    const warmUntil = Date.now() + WARM_SECONDS * 1000;
    while (Date.now() < warmUntil) {
      await app.scheduler.run(SEQUENCER_JOB);
      await pause(1000);
    }
    const perThousand: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await append(BACKLOG);
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      await chainAll();
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      perThousand.push((1000 * cpuMs) / BACKLOG);
      console.log(
        `round ${round + 1}: ${BACKLOG} entries chained over a log of ${LOG + round * BACKLOG} in ${(performance.now() - wallBefore).toFixed(0)} ms, ${cpuMs.toFixed(0)} CPU ms, ${((1000 * cpuMs) / BACKLOG).toFixed(1)} CPU ms per 1000`,
      );
    }
    console.log(`median: ${median(perThousand).toFixed(1)} CPU ms per 1000 entries chained`);
  } finally {
    await close();
  }
}

await main();
