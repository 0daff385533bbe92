/**
 * Writes the types openapi-typescript generates from the OpenAPI document (docs/decisions/0322) to
 * tests/api/api-access/generated/trainwright-api.gen.ts, which the generated-client test uses as an outside
 * developer would. tests/api/api-access/generated-client.test.ts fails when the file is stale.
 *   tsx scripts/openapi-types.ts
 */
import { writeFileSync } from "node:fs";
import { GENERATED_TYPES_FILE, generatedApiTypes } from "../tests/api/api-access/generated-types.js";

writeFileSync(GENERATED_TYPES_FILE, await generatedApiTypes());
console.log(`wrote ${GENERATED_TYPES_FILE}`);
