/**
 * What `npx mikro-orm …` loads (see "mikro-orm" in package.json). The MikroORM CLI runs on plain Node,
 * which cannot import TypeScript, so this registers tsx's loader for the rest of the process (the
 * configuration, the entities, the migrations) and then hands over mikro-orm.config.ts.
 */
import { register } from "tsx/esm/api";

register();
const { default: config } = await import("../mikro-orm.config.ts");

export default config;
