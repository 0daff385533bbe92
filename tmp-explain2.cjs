const Database = require("better-sqlite3");
const db = new Database(process.argv[2], { readonly: true });
db.pragma("cache_size = -65536");
db.pragma("mmap_size = 268435456");
const org = Number(process.argv[3]);
const tag = db
  .prepare("select id from tags where organization_id = ? and type='department' order by id limit 1")
  .get(org).id;
const base = `select ms.id as membership_id, ms.user_id, coalesce(ms.display_name, u.name) as name, u.email, ms.role as role
     from memberships ms join users u on u.id = ms.user_id where ms.organization_id = ? and `;
const queries = {
  old: [
    base +
      `exists (select 1 from member_tags mt join tags t on t.id = mt.tag_id
        where mt.membership_id = ms.id and (t.id = ? or t.parent_id = ?)) order by lower(coalesce(ms.display_name, u.name)), ms.user_id limit 24`,
    [org, tag, tag],
  ],
  new: [
    base +
      `ms.id in (select mt.membership_id from member_tags mt where mt.tag_id in
        (select t.id from tags t where t.organization_id = ? and (t.id = ? or t.parent_id = ?))) order by lower(coalesce(ms.display_name, u.name)), ms.user_id limit 24`,
    [org, org, tag, tag],
  ],
};
for (const [name, [sql, params]] of Object.entries(queries)) {
  console.log("==", name);
  for (const row of db.prepare("explain query plan " + sql).all(...params)) console.log("  ", row.detail);
  const stmt = db.prepare(sql);
  console.log("   rows", stmt.all(...params).length);
  const t = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    stmt.all(...params);
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  console.log("   median ms", t[10].toFixed(2));
}
