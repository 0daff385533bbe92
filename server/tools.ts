/**
 * The operator's commands, compiled with the server (dist/server/tools.js) and run by scripts/start.mjs:
 *   npm run db:create            create the PostgreSQL database DATABASE_URL names
 *   npm run backup -- FILE       back up the database (safe while the server runs)
 *   npm run restore -- FILE      replace the database with a backup (stop the server first)
 * The same settings as the server (DATABASE_URL, DATA_DIR); one line of outcome, exit code 1 on failure.
 */

import {
  backupDatabase,
  createDatabase,
  DatabaseAdminError,
  restoreDatabase,
} from "#server/platform/db/database-admin.js";
import { ConfigError, loadConfig } from "#server/platform/http/config.js";

async function run(command: string | undefined, file: string | undefined): Promise<string> {
  const config = loadConfig();
  if (command === "db:create") return createDatabase(config);
  if (command !== "backup" && command !== "restore") {
    throw new DatabaseAdminError("usage: tools db:create | backup FILE | restore FILE");
  }
  if (!file) throw new DatabaseAdminError(`name the file: npm run ${command} -- FILE`);
  return command === "backup" ? backupDatabase(config, file) : restoreDatabase(config, file);
}

const [command, file] = process.argv.slice(2);
try {
  console.log(`trainwright: ${await run(command, file)}`);
} catch (error) {
  if (!(error instanceof DatabaseAdminError || error instanceof ConfigError)) throw error;
  console.error(`trainwright: ${error.message}`);
  process.exitCode = 1;
}
