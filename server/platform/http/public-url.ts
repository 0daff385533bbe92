import type { AddressInfo } from "node:net";
import type { Config } from "./config.js";

/** What the address of a listening server is read from: Fastify's `addresses()` (a request's `req.server`). */
export interface ListeningServer {
  addresses(): AddressInfo[];
}

/** An address the server listens on as a host for a link: "every address" is this machine, i.e. localhost. */
function linkHost(address: string): string {
  if (address === "0.0.0.0" || address === "::" || address === "") return "localhost";
  return address.includes(":") ? `[${address}]` : address;
}

/**
 * The base of every link the server stores or mails (an invitation's, a reset's): PUBLIC_URL, or without
 * it (the embedded default, no e-mail) the address this server listens on. Never a request's Host or
 * X-Forwarded-* headers, which the caller chooses (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 * The client shows a link on the page's own origin instead (client/features/team/invite-link.ts).
 */
export function publicBaseUrl(config: Pick<Config, "publicUrl">, server: ListeningServer): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const [address] = server.addresses();
  if (!address) return "http://localhost";
  return `http://${linkHost(address.address)}:${address.port}`;
}
