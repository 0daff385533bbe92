import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { fail } from "#server/platform/http/errors.js";
import type { EvidenceKind } from "#shared/evidence.js";
import { WEBHOOK_MESSAGES, type WebhookEvent } from "#shared/schemas/webhooks.js";

/** The rules of webhooks (docs/decisions/0341-webhooks-through-the-outbox.md), as pure functions. */

/** A training event's webhook name; kinds no webhook carries answer null. */
const EVENT_OF_KIND: Partial<Record<EvidenceKind, WebhookEvent>> = {
  "member.joined": "member.joined",
  "member.removed": "member.removed",
  "assignment.made": "assignment.created",
  "check.passed": "check.passed",
  "lesson.signed": "lesson.signed",
};

export function webhookEventOf(kind: EvidenceKind): WebhookEvent | null {
  return EVENT_OF_KIND[kind] ?? null;
}

/** The events as the column keeps them: wrapped in commas, so `like '%,name,%'` finds one. */
export function eventsColumn(events: readonly WebhookEvent[]): string {
  return `,${[...new Set(events)].join(",")},`;
}

export function eventsOfColumn(column: string): WebhookEvent[] {
  return column.split(",").filter((name) => name !== "") as WebhookEvent[];
}

/** The `like` pattern of endpoints that chose `event`. */
export const subscribedTo = (event: WebhookEvent) => `%,${event},%`;

/** A signing secret as Standard Webhooks writes them: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The id of a message, kept across its redeliveries (`webhook-id`). */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("hex")}`;
}

/**
 * The waits after each failed attempt: 5 seconds, 5 and 30 minutes, 2, 5, 10 and 6 hours; a delivery that
 * still fails after them, a day after its first attempt, is given up and its endpoint turned off.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 21_600_000] as const;

export function retryAfterMs(failedAttempts: number): number | null {
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? null;
}

/** Addresses no webhook reaches unless ALLOW_PRIVATE_DESTINATIONS: this machine, private and reserved networks. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether an address is loopback, private, link-local or otherwise not a public host. IPv4 written inside
 * IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is (BlockList checks an IPv4 address against
 * the mapped IPv6 ranges too, so those are not listed); the same written in hex is refused outright.
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE_NETWORKS.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0 || (family === 6 && /^::ffff:/i.test(address))) return true;
  return PRIVATE_NETWORKS.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The host of a URL as an address, without IPv6's brackets, when it is one. */
function literalAddressOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) === 0 ? null : host;
}

/**
 * Why a destination is refused before any lookup, or null: plain HTTP, a host written as a private address
 * or `localhost`, unless the setting allows them. A name is checked again, resolved, at each delivery.
 */
export function destinationRefusal(url: URL, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return WEBHOOK_MESSAGES.httpsRequired;
  const literal = literalAddressOf(url);
  if ((literal !== null && isPrivateAddress(literal)) || /(^|\.)localhost\.?$/i.test(url.hostname)) {
    return WEBHOOK_MESSAGES.privateAddress;
  }
  return null;
}

export function assertDestinationAllowed(url: string, allowPrivate: boolean): void {
  const refusal = destinationRefusal(new URL(url), allowPrivate);
  if (refusal) throw fail.badRequest(refusal);
}
