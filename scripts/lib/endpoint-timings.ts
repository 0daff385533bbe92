import { performance } from "node:perf_hooks";
import superjson from "superjson";

/** One endpoint as the bench asks it: GET by default, a POST cycles through `bodies`. */
export interface TimedEndpoint {
  name: string;
  /** The path under the server's base, with its query. */
  path: string;
  headers?: Record<string, string>;
  bodies?: string[];
}

export interface EndpointTimings {
  timings: number[];
  /** The last answer's length. */
  bytes: number;
  requestsPerSecond: number;
}

/**
 * `requests` requests, `concurrency` at a time, each answer read whole and parsed as the client would
 * (CSV excepted); a failed answer stops the bench, since its figure would mean nothing.
 */
export async function timeEndpoint(
  base: string,
  endpoint: TimedEndpoint,
  options: { cookie: string; requests: number; concurrency: number },
): Promise<EndpointTimings> {
  const timings: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      const body = endpoint.bodies?.[next % endpoint.bodies.length];
      next++;
      const t0 = performance.now();
      const response = await fetch(`${base}${endpoint.path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          cookie: options.cookie,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...endpoint.headers,
        },
        body,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${text}`);
      if (!endpoint.path.includes("format=csv")) superjson.parse(text);
      bytes = text.length;
      timings.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { timings, bytes, requestsPerSecond: timings.length / ((performance.now() - started) / 1000) };
}
