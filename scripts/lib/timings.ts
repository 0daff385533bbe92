/** The value at percentile `p` (0–100) of timings sorted ascending; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** p50, p95 and max of some timings, each to a tenth of a millisecond: the columns of the bench tables. */
export function timingColumns(timings: number[]): string[] {
  const sorted = [...timings].sort((a, b) => a - b);
  return [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? 0].map((ms) => ms.toFixed(1));
}
