/**
 * Reads a V8 CPU profile (what `node --cpu-prof` or the inspector's Profiler writes) as shares of the
 * samples: self time by module (a package under node_modules, a file of the app, or V8/Node itself), and
 * the functions with the most self time. Used by scripts/profile-endpoint.ts (decision 0251).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  percent: number;
}

/** `node_modules/@mikro-orm/knex/…` → `@mikro-orm/knex`; an app file → its path from the repository; else V8's name. */
function moduleOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  const inModules = url.lastIndexOf("node_modules/");
  if (inModules !== -1) {
    const parts = url.slice(inModules + "node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith("node:")) return url;
  const inRepository = url.search(/\/(server|shared|scripts)\//);
  return inRepository === -1 ? url : url.slice(inRepository + 1);
}

function topShares(weights: Map<string, number>, total: number, count: number): Share[] {
  return [...weights.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, weight]) => ({ name, percent: (100 * weight) / Math.max(total, 1) }));
}

export interface ProfileSummary {
  /** Self time by module. */
  modules: Share[];
  /** Samples with the module anywhere on the stack: what it costs with everything it calls. */
  modulesTotal: Share[];
  /** Self time by function. */
  functions: Share[];
}

function add(weights: Map<string, number>, key: string, weight: number): void {
  weights.set(key, (weights.get(key) ?? 0) + weight);
}

/** Percentages of all samples, idle included (so that it shows). */
export function summarizeProfile(profile: CpuProfile, count = 25): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byModule = new Map<string, number>();
  const byModuleTotal = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const weight = profile.timeDeltas[index] ?? 0;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    total += weight;
    const module = moduleOf(frame.url, frame.functionName);
    add(byModule, module, weight);
    add(byFunction, `${frame.functionName || "(anonymous)"} ${module}:${frame.lineNumber + 1}`, weight);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const callFrame = nodes.get(at)?.callFrame;
      if (callFrame) onStack.add(moduleOf(callFrame.url, callFrame.functionName));
    }
    for (const name of onStack) add(byModuleTotal, name, weight);
  });
  return {
    modules: topShares(byModule, total, count),
    modulesTotal: topShares(byModuleTotal, total, count),
    functions: topShares(byFunction, total, count),
  };
}
