/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    /** Requests per second across all connections, at most. */
    overallRate?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    requests?: {
      /** `context` is the connection's own, kept until the sequence starts over. */
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | null;
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string | string[]>,
      ) => void;
    }[];
  }
  interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  /** The run: a promise of its result that also reports each response as it comes (milliseconds, fractional). */
  interface AutocannonRun extends Promise<AutocannonResult> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  export default function autocannon(options: AutocannonOptions): AutocannonRun;
}
