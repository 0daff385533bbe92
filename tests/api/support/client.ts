import { type Agent, type AgentResponse, decodeBody } from "../../support/agent.js";

/** One parsed Set-Cookie header: attribute names lower-cased, flags (HttpOnly, Secure) mapped to true. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...rest] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const at = trimmed.indexOf("=");
    if (at === -1) attributes.set(trimmed.toLowerCase(), true);
    else attributes.set(trimmed.slice(0, at).trim().toLowerCase(), trimmed.slice(at + 1).trim());
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** What a browser would keep: the last value per cookie name, dropped when the server expires it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookieHeaders: readonly string[]): void {
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header);
      const expires = cookie.attributes.get("expires");
      const maxAge = cookie.attributes.get("max-age");
      const expired =
        cookie.value === "" ||
        (typeof maxAge === "string" && Number(maxAge) <= 0) ||
        (typeof expires === "string" && Date.parse(expires) <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clear(): void {
    this.cookies.clear();
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface ApiResponse extends AgentResponse {
  headers: Headers;
  /** The body as it came, for answers that are files. */
  bytes: Uint8Array;
  setCookies: string[];
}

export interface RequestOptions {
  /** Extra headers; an empty value removes a default one (`{ "content-type": "" }` sends none). */
  headers?: Record<string, string>;
  /** Sent byte for byte instead of JSON.stringify(body): for malformed and oversized bodies, and files. */
  raw?: string | Uint8Array<ArrayBuffer>;
}

/** Every body the server sent, and every cookie value it set, so a test can check no secret left in a body. */
export interface Transcript {
  bodies: string[];
  cookieValues: string[];
}

export function newTranscript(): Transcript {
  return { bodies: [], cookieValues: [] };
}

/** The bodies that contain a password hash, a session token or a password field. */
export function leaksIn(transcript: Transcript): string[] {
  const tokens = transcript.cookieValues.filter((value) => value.length >= 20);
  return transcript.bodies.filter(
    (text) =>
      /\$argon2|password_?hash|token_?hash|"password"/i.test(text) || tokens.some((token) => text.includes(token)),
  );
}

/** A small HTTP client with a cookie jar: one instance is one browser. */
export class ApiClient implements Agent {
  readonly jar = new CookieJar();

  constructor(
    readonly baseUrl: string,
    private readonly transcript: Transcript = newTranscript(),
  ) {}

  get(path: string, query?: Record<string, string>, options: RequestOptions = {}): Promise<ApiResponse> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.append(key, value);
    return this.send("GET", url, undefined, options.headers);
  }

  post(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse> {
    const text = options.raw ?? (body === undefined ? "" : JSON.stringify(body));
    const headers = { "content-type": "application/json", ...options.headers };
    return this.send("POST", new URL(path, this.baseUrl), text, headers);
  }

  private async send(
    method: string,
    url: URL,
    body: string | Uint8Array<ArrayBuffer> | undefined,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(extraHeaders)) if (value !== "") headers.set(name, value);
    const cookie = this.jar.header();
    if (cookie !== undefined && !headers.has("cookie")) headers.set("cookie", cookie);
    // Bytes rather than a string, so that fetch adds no content type of its own.
    const sent = typeof body === "string" ? new TextEncoder().encode(body) : body;
    const response = await fetch(url, { method, headers, body: sent, redirect: "manual" });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const setCookies = response.headers.getSetCookie();
    this.transcript.bodies.push(text);
    this.transcript.cookieValues.push(...setCookies.map((header) => parseSetCookie(header).value));
    this.jar.store(setCookies);
    return { status: response.status, body: decodeBody(text), text, bytes, headers: response.headers, setCookies };
  }
}
