/**
 * The waiting tasks of a worker pool, kept per owner (an organization) and served round-robin across
 * owners rather than first come, first served: the next task is the oldest one of the owner served
 * least recently (an owner not served yet comes first, in the order owners arrived), so one owner's many
 * tasks cannot keep another owner's one task waiting behind them
 * (docs/decisions/0275-content-workers-shared-fairly.md). Pure: the pool decides which owners may start
 * a task now; this decides whose task comes next.
 */
/** How many owners' last service is remembered: far more than ever wait at once. */
const REMEMBERED = 1024;

export class FairQueue<Owner, Item> {
  /** The owners with waiting items, in the order they first had one (a Map keeps insertion order). */
  readonly #waiting = new Map<Owner, Item[]>();
  /** When each owner was last served, least recent first; only the latest REMEMBERED owners are kept. */
  readonly #lastServed = new Map<Owner, number>();
  #served = 0;
  #size = 0;

  /** Items waiting, across every owner. */
  get size(): number {
    return this.#size;
  }

  /** Items waiting of one owner. */
  waitingOf(owner: Owner): number {
    return this.#waiting.get(owner)?.length ?? 0;
  }

  push(owner: Owner, item: Item): void {
    const items = this.#waiting.get(owner);
    if (items) items.push(item);
    else this.#waiting.set(owner, [item]);
    this.#size += 1;
  }

  /**
   * The oldest item of the owner served least recently among those that `may` start one now.
   * Undefined when no owner may.
   */
  take(may: (owner: Owner) => boolean = () => true): { owner: Owner; item: Item } | undefined {
    let chosen: Owner | undefined;
    let chosenServed = Number.POSITIVE_INFINITY;
    for (const owner of this.#waiting.keys()) {
      const served = this.#lastServed.get(owner) ?? -1;
      if (served < chosenServed && may(owner)) {
        chosen = owner;
        chosenServed = served;
      }
    }
    if (chosen === undefined) return undefined;
    const items = this.#waiting.get(chosen) as Item[];
    const item = items.shift() as Item;
    if (items.length === 0) this.#waiting.delete(chosen);
    this.#size -= 1;
    this.#remember(chosen);
    return { owner: chosen, item };
  }

  #remember(owner: Owner): void {
    this.#served += 1;
    this.#lastServed.delete(owner);
    this.#lastServed.set(owner, this.#served);
    // Those forgotten are the least recently served, who would come first anyway.
    if (this.#lastServed.size > REMEMBERED) this.#lastServed.delete(this.#lastServed.keys().next().value as Owner);
  }
  /** How many items could start now, when each owner may start at most `room(owner)` more. */
  startable(room: (owner: Owner) => number): number {
    let count = 0;
    for (const [owner, items] of this.#waiting) count += Math.max(0, Math.min(items.length, room(owner)));
    return count;
  }

  /** Waiting items per owner, in the order the owners are next served. */
  counts(): Map<Owner, number> {
    return new Map([...this.#waiting].map(([owner, items]) => [owner, items.length]));
  }

  /** Every waiting item, oldest owner first; the queue is empty afterwards. */
  drain(): Item[] {
    const items = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    this.#size = 0;
    return items;
  }
}
