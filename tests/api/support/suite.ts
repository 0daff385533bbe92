import { afterAll, beforeAll } from "vitest";
import { type ConfigOverrides, startTestApp, type TestApp } from "./app.js";

/**
 * What the tests of one file (or one `describe`) share, declared in one line instead of a `let` with a
 * `beforeAll` that fills it and an `afterAll` that closes it:
 *
 *   const app = suiteApp();                                            // one running app for these tests
 *   const staff = suiteFixture(() => staffedOrganization(app, "content"));
 *
 * Each is made before the first test (in the order declared) and disposed of after the last. It answers
 * like the value it stands for from the first hook on; touching it earlier, while the file is being
 * imported, is an error that says so.
 */
export function suiteFixture<T extends object>(make: () => Promise<T>, dispose?: (value: T) => Promise<void>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  afterAll(async () => {
    if (value !== undefined && dispose) await dispose(value);
  });
  const current = (): T => {
    if (value === undefined) throw new Error("A suite fixture is made in beforeAll: use it inside tests and hooks.");
    return value;
  };
  // Property reads, `in`, spreading and Object.keys all reach the value made in beforeAll.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** The real server on a fresh database for the tests of this file (or describe), closed after them. */
export function suiteApp(overrides: ConfigOverrides = {}): TestApp {
  return suiteFixture(
    () => startTestApp(overrides),
    (app) => app.close(),
  );
}
