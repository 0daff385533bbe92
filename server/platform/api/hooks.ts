/**
 * The one way a lower layer lets higher ones act inside its work without importing them (docs/DESIGN.md
 * §3): it declares a typed list of hooks, and the composition (server/router.ts) registers each higher
 * module's at start. A hook runs where the lower layer calls it, with the caller's entity manager, so
 * its writes share the caller's transaction.
 */
export class Hooks<Hook extends object> {
  readonly #registered: Hook[] = [];

  constructor(readonly name: string) {}

  register(hook: Hook): void {
    this.#registered.push(hook);
  }

  /** Every hook, in the order the composition registered them. */
  get all(): readonly Hook[] {
    return this.#registered;
  }

  /** The one hook of a list that exactly one module provides (the session of a request). */
  get one(): Hook {
    // Asked on every request (the session): a length check, not a destructuring that copies the list.
    const hook = this.#registered[0];
    if (hook === undefined || this.#registered.length !== 1) {
      throw new Error(`${this.name}: one hook expected, ${this.#registered.length} registered`);
    }
    return hook;
  }
}
