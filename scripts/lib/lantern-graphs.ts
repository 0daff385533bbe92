/**
 * Why a page scores what it scores (decision 0250): Lighthouse scores a phone by simulating the page's load
 * from the run's trace ("Lantern"). This replays that simulation on a run's artifacts and lists what each
 * metric waited for: the requests and main-thread tasks in the graphs of first and largest contentful
 * paint, and the simulated tasks over 50 ms that total blocking time counts from. Lighthouse's computed
 * metrics are internal modules, so their shapes are declared here as far as this reads them.
 */
import type { RunnerResult } from "lighthouse";

interface TraceEvent {
  name: string;
  dur?: number;
}

interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize: number };
  childEvents?: TraceEvent[];
}

interface NodeTiming {
  startTime: number;
  endTime: number;
}

interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, NodeTiming>;
}

interface LanternMetric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<LanternMetric>;
}

async function computedMetric(file: string, name: string): Promise<ComputedMetric> {
  const module: Record<string, ComputedMetric> = await import(`lighthouse/core/computed/metrics/${file}.js`);
  const metric = module[name];
  if (!metric) throw new Error(`Lighthouse has no ${name} in ${file}.`);
  return metric;
}

function describeNode(node: SimulatedNode, duration: number): string {
  if (node.request) return `request ${new URL(node.request.url).pathname} (${node.request.transferSize} B)`;
  const work = (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) > 2000)
    .slice(0, 4)
    .map((event) => `${event.name} ${Math.round((event.dur ?? 0) / 1000)} ms`);
  return `task ${Math.round(duration)} ms${work.length > 0 ? ` (observed: ${work.join(", ")})` : ""}`;
}

function timedLine(node: SimulatedNode, timing: NodeTiming): string {
  const { startTime, endTime } = timing;
  return `    ${Math.round(startTime)}–${Math.round(endTime)} ms  ${describeNode(node, endTime - startTime)}`;
}

function graphLines(estimate: Estimate): string[] {
  return [...estimate.nodeTimings.entries()]
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) => timedLine(node, timing));
}

/** The simulated graphs of one run, as text. */
export async function lanternGraphs(result: RunnerResult): Promise<string> {
  const { artifacts, lhr } = result;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const lines: string[] = [];
  for (const [label, file, name] of [
    ["first contentful paint", "lantern-first-contentful-paint", "LanternFirstContentfulPaint"],
    ["largest contentful paint", "lantern-largest-contentful-paint", "LanternLargestContentfulPaint"],
  ] as const) {
    const metric = await (await computedMetric(file, name)).request(data, context);
    const { optimisticEstimate: optimistic, pessimisticEstimate: pessimistic } = metric;
    lines.push(
      `${label}: ${Math.round(metric.timing)} ms (optimistic ${Math.round(optimistic.timeInMs)}, pessimistic ${Math.round(pessimistic.timeInMs)})`,
      "  optimistic graph:",
      ...graphLines(optimistic),
      "  pessimistic graph:",
      ...graphLines(pessimistic),
    );
  }
  const blocking = await (await computedMetric("lantern-total-blocking-time", "LanternTotalBlockingTime")).request(
    data,
    context,
  );
  lines.push(`total blocking time: ${Math.round(blocking.timing)} ms; simulated tasks over 50 ms:`);
  for (const [node, timing] of blocking.pessimisticEstimate.nodeTimings) {
    if (node.type === "cpu" && timing.endTime - timing.startTime > 50) lines.push(timedLine(node, timing));
  }
  return `${lines.join("\n")}\n`;
}
