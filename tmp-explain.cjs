const Database = require("better-sqlite3");
const db = new Database(process.argv[2], { readonly: true });
db.pragma("cache_size = -65536");
db.pragma("mmap_size = 268435456");
const org = Number(process.argv[3]);
const queries = {
  stats: [
    `select (select count(*) from memberships where organization_id = ?) as members,
       (select count(*) from courses where organization_id = ? and status = 'published') as courses,
       (select count(*) from lessons where organization_id = ?) as lessons,
       (select count(*) from completions where organization_id = ?) as completions`,
    [org, org, org, org],
  ],
  completionsCount: [`select count(*) from completions where organization_id = ?`, [org]],
  members: [
    `select ms.id as membership_id, ms.user_id, coalesce(ms.display_name, u.name) as name, u.email, ms.role as role
     from memberships ms join users u on u.id = ms.user_id where ms.organization_id = ?
     order by lower(coalesce(ms.display_name, u.name)), ms.user_id limit 24`,
    [org],
  ],
  membersTag: [
    `select ms.id as membership_id, ms.user_id, coalesce(ms.display_name, u.name) as name, u.email, ms.role as role
     from memberships ms join users u on u.id = ms.user_id where ms.organization_id = ? and exists (select 1 from member_tags mt join tags t on t.id = mt.tag_id
        where mt.membership_id = ms.id and (t.id = ? or t.parent_id = ?))
     order by lower(coalesce(ms.display_name, u.name)), ms.user_id limit 24`,
    [org, 1, 1],
  ],
};
for (const [name, [sql, params]] of Object.entries(queries)) {
  console.log("==", name);
  for (const row of db.prepare("explain query plan " + sql).all(...params)) console.log("  ", row.detail);
  const stmt = db.prepare(sql);
  stmt.all(...params);
  const t = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    stmt.all(...params);
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  console.log("   median ms", t[5].toFixed(2));
}
