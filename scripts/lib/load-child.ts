/**
 * One autocannon run, in a process of its own so that the bench's process.cpuUsage() counts the server
 * alone: `node --import tsx scripts/lib/load-child.ts '<LoadRun as JSON>'` prints the result as JSON.
 * A POST with `bodies` sends them in turn (e.g. a different lesson each time, so each completion is new);
 * with `cookies` too, each cookie in turn sends all the bodies (request i: body i mod bodies, cookie
 * ⌊i / bodies⌋ mod cookies), so that more requests than bodies still send no pair twice.
 */
import autocannon from "autocannon";

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  method: "GET" | "POST";
  bodies?: string[];
  cookies?: string[];
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const run = JSON.parse(process.argv[2] ?? "{}") as LoadRun;
let next = 0;
const bodies = run.bodies ?? [];
const cookies = run.cookies ?? [];

function nextRequest<Request extends { headers?: Record<string, string> }>(request: Request): Request {
  const index = next++;
  const body = bodies[index % bodies.length];
  if (cookies.length === 0) return { ...request, body };
  const cookie = cookies[Math.floor(index / bodies.length) % cookies.length] ?? "";
  return { ...request, body, headers: { ...request.headers, cookie } };
}
const result = await autocannon({
  url: run.url,
  connections: run.connections,
  duration: run.seconds,
  timeout: 10,
  method: run.method,
  headers: run.headers,
  requests: bodies.length > 0 ? [{ setupRequest: nextRequest }] : undefined,
});
const answer: LoadResult = {
  requests: result.requests.total,
  reqPerSec: result.requests.total / run.seconds,
  p99: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
};
process.stdout.write(JSON.stringify(answer));
