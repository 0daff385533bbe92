import { build } from "esbuild";
const r = await build({
  entryPoints: ["server/main.ts"], outdir: "dist/server-bundled", outbase: "server", bundle: true, splitting: false,
  platform: "node", format: "esm", target: "node20", keepNames: true, metafile: true, logLevel: "error",
  external: ["better-sqlite3", "@node-rs/argon2", "pg-native", "mysql", "mysql2", "oracledb", "tedious", "sqlite3", "pg-query-stream", "@mikro-orm/mysql","@mikro-orm/mariadb","@mikro-orm/mssql","@mikro-orm/sqlite","@mikro-orm/libsql","@mikro-orm/mongodb","@mikro-orm/entity-generator","@mikro-orm/seeder","@mikro-orm/reflection","ts-morph","@mikro-orm/cli", "libsql", "mariadb", "tedious", "@mikro-orm/migrations-mongodb", "pg-cloudflare", "typescript", "@vscode/sqlite3", "better-sqlite3-multiple-ciphers","@libsql/knex-libsql"],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log(Object.values(r.metafile.outputs).map(o=>o.bytes));
