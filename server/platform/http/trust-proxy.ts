import { isIP } from "node:net";

/**
 * Which proxies in front may say who the client is (X-Forwarded-For, X-Forwarded-Proto): none, the
 * nearest N hops, or the proxies at these addresses. Handed to Fastify as is. Never "everyone": then any
 * client could claim any address with a header of its own and dodge the per-address sign-in limit.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges (Fastify accepts them in the list). */
const RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const MAX_HOPS = 10;

export class TrustProxyError extends Error {}

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (["", "false", "no", "off", "0"].includes(value.toLowerCase())) return false;
  if (["true", "yes", "on"].includes(value.toLowerCase())) {
    throw new TrustProxyError(
      `TRUST_PROXY=${value} would trust every X-Forwarded-For; give the number of proxies in front (such as 1) or their addresses (such as 10.0.0.5 or 10.0.0.0/8).`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      throw new TrustProxyError(`TRUST_PROXY must be a hop count from 1 to ${MAX_HOPS}, got "${value}".`);
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new TrustProxyError(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges, got "${wrong}".`,
    );
  }
  return entries;
}
