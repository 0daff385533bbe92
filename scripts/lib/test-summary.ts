/**
 * Adds up the JSON reports of the vitest runs in scripts/test.sh and prints one closing line,
 * `N passed, N failed`, which CI reads whatever ran before it.
 *   node --import tsx scripts/lib/test-summary.ts <folder of *.json reports> [name of the step that failed]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults: Array<{ status: string }>;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: VitestFile[];
}

const [folder = ".", failedStep] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".json")) : [];
for (const file of files.sort()) {
  const report = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as VitestReport;
  // A file that failed without a failed test (an error in beforeAll, an import that throws) counts once.
  const brokenFiles = report.testResults.filter(
    (result) => result.status === "failed" && !result.assertionResults.some((test) => test.status === "failed"),
  );
  for (const broken of brokenFiles) {
    console.log(`${path.basename(file, ".json")}: ${broken.name} failed: ${broken.message?.split("\n")[0] ?? ""}`);
  }
  console.log(
    `${path.basename(file, ".json")}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles.length} failed`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles.length;
  skipped += report.numPendingTests + report.numTodoTests;
}
// A step that failed outside vitest (types, lint, migrations, build) is a failure too, never "0 failed".
if (failedStep && failed === 0) {
  console.log(`step failed: ${failedStep}`);
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
