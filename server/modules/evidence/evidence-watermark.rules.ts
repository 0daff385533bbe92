/**
 * Where the sequencer's next round starts reading (docs/decisions/0400-evidence-append-cost.md): the
 * highest entry id below which every entry is known chained, so a round reads only the log's new end
 * instead of every entry ever written.
 *
 * Ids are taken in order when entries are inserted, but entries commit in any order: an entry of a
 * longer transaction can become visible after higher ids were read. So a round's result ("every entry it
 * could see up to id N is chained") is used as a later round's start only once it is settleMs old. A
 * transaction that took an id up to N had taken it before that round; if it lasts under half of settleMs
 * and a round runs at least every half of settleMs, a round still starting below its id sees it committed.
 * Whatever the transactions and rounds do, a round from the log's start every fullScanMs chains what
 * anything slower left behind: no entry waits longer than that for its number, and exports chain their
 * organization from the start anyway. Each instance keeps its own; a new one starts from the log's start.
 */

export interface WatermarkTimes {
  /** How long a round's result waits before later rounds start from it. */
  settleMs: number;
  /** How often a round reads the whole log anyway. */
  fullScanMs: number;
}

interface Sample {
  at: number;
  chainedThrough: number;
}

export class SequencerWatermark {
  /** Settled samples are dropped but the latest; the rest wait to settle, oldest first. */
  readonly #samples: Sample[] = [];
  #lastFullScanAt: number | undefined;

  constructor(private readonly times: WatermarkTimes) {}

  /** The id a round at `at` (a monotonic clock's milliseconds) reads after: 0 reads the whole log. */
  startFor(at: number): number {
    if (this.#lastFullScanAt === undefined || at - this.#lastFullScanAt >= this.times.fullScanMs) return 0;
    while (this.#samples.length > 1 && at - (this.#samples[1] as Sample).at >= this.times.settleMs) {
      this.#samples.shift();
    }
    const oldest = this.#samples[0];
    return oldest !== undefined && at - oldest.at >= this.times.settleMs ? oldest.chainedThrough : 0;
  }

  /**
   * A round that started at `at` from `start` committed: every entry it could see up to `chainedThrough`
   * (the highest id it read, or `start` when it read none) is chained.
   */
  committed(at: number, start: number, chainedThrough: number): void {
    if (start === 0) this.#lastFullScanAt = at;
    const previous = this.#samples.at(-1)?.chainedThrough ?? 0;
    this.#samples.push({ at, chainedThrough: Math.max(previous, chainedThrough) });
  }
}
