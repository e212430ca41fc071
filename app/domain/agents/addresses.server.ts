import ipaddr from 'ipaddr.js';
import ranges from './ip-ranges/ranges.json';
import { ownString } from '~/lib/own-string';
import { productToken } from './tokens';

// Is a visit that claims an agent really that agent? Vendors that publish their crawlers' address
// ranges (OpenAI, Perplexity, Google, Microsoft, Apple: ip-ranges/, vendored with its source) let
// us check: an address inside them is `verified`, one outside them `unverified` (someone else using
// the name: counted apart, never mixed in). Vendors that publish none (Anthropic) can never be
// verified, so their visits are `unverified` too, and `publishesRanges` says why. Pure.

export type Verification = 'verified' | 'unverified';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const BY_TOKEN: ReadonlyMap<string, readonly Range[]> = new Map(
  Object.entries(ranges.agents).map(([agent, entry]) => [
    productToken(agent),
    entry.prefixes.map((prefix) => ipaddr.parseCIDR(prefix)),
  ]),
);

/** The date the vendored ranges were gathered (for the page: "ranges as of …"). */
export const RANGES_GATHERED: string = ranges.gathered;

/** Whether the vendor of this agent publishes its addresses, so a visit can be verified at all. */
export function publishesRanges(agentToken: string): boolean {
  return BY_TOKEN.has(productToken(agentToken));
}

/** Parses an address as logs write it (IPv4, IPv6, IPv4-mapped IPv6); null when it is none. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = address.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/** An IPv4 address as a number (0 to 2^32 - 1). */
const v4Number = (octets: readonly number[]) =>
  ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;

/**
 * Each vendor's IPv4 ranges as sorted, merged intervals [first, last, first, last, …]: a plain
 * dotted address is checked by a binary search over numbers (the same answer as ipaddr's match
 * over the prefixes, at a fraction of its cost: logs hold many crawler addresses).
 */
const V4_BY_TOKEN: ReadonlyMap<string, Float64Array> = new Map(
  [...BY_TOKEN].map(([token, list]) => {
    const intervals = list
      .filter(([network]) => network.kind() === 'ipv4')
      .map(([network, bits]) => {
        const first = v4Number((network as ipaddr.IPv4).octets) & (bits ? -1 << (32 - bits) : 0);
        return [first >>> 0, (first >>> 0) + 2 ** (32 - bits) - 1] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    const merged: number[] = [];
    for (const [first, last] of intervals) {
      const end = merged.length - 1;
      if (end > 0 && first <= merged[end]! + 1) merged[end] = Math.max(merged[end]!, last);
      else merged.push(first, last);
    }
    return [token, Float64Array.from(merged)];
  }),
);

/**
 * A plain dotted IPv4 address ("20.171.207.10": four decimal numbers 0–255, no leading zeros) as
 * a number, or -1 for anything else (other spellings, which ipaddr reads its own way, and IPv6).
 */
function plainV4(address: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i <= address.length; i++) {
    const code = i < address.length ? address.charCodeAt(i) : 46;
    if (code === 46) {
      if (digits === 0 || part > 255 || ++parts > 4) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && part === 0) return -1;
      part = part * 10 + code - 48;
      if (++digits > 3) return -1;
    } else return -1;
  }
  return parts === 4 ? value : -1;
}

/** Whether `value` falls in one of the intervals (sorted, merged: [first, last, …]). */
function inIntervals(intervals: Float64Array, value: number): boolean {
  let low = 0;
  let high = intervals.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (value < intervals[middle * 2]!) high = middle - 1;
    else if (value > intervals[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

/** `verified` when the address is in the ranges the agent's vendor publishes, else `unverified`. */
// A log repeats a crawler's few addresses over thousands of lines: answers are remembered (a
// bounded cache; keys are strings of their own, see ownString). A plain dotted IPv4 address needs
// none: it is read and looked up directly.
const VERIFIED_LIMIT = 10_000;
const verified = new Map<string, Verification>();
/** The IPv4 intervals by the agent token as given (few: the agents' own tokens). */
const v4ByAgent = new Map<string, Float64Array | null>();

export function verifyAgentAddress(agentToken: string, address: string | null): Verification {
  if (!address) return 'unverified';
  const v4 = plainV4(address);
  if (v4 >= 0) {
    let intervals = v4ByAgent.get(agentToken);
    if (intervals === undefined) {
      intervals = V4_BY_TOKEN.get(productToken(agentToken)) ?? null;
      if (v4ByAgent.size < VERIFIED_LIMIT) v4ByAgent.set(ownString(agentToken), intervals);
    }
    return intervals && inIntervals(intervals, v4) ? 'verified' : 'unverified';
  }
  const key = `${agentToken}\n${address}`;
  const known = verified.get(key);
  if (known !== undefined) return known;
  const answer = verifyUncached(agentToken, address);
  if (verified.size >= VERIFIED_LIMIT) verified.clear();
  verified.set(ownString(key), answer);
  return answer;
}

function verifyUncached(agentToken: string, address: string): Verification {
  const list = BY_TOKEN.get(productToken(agentToken));
  if (!list) return 'unverified';
  const parsed = parseAddress(address);
  if (!parsed) return 'unverified';
  for (const [network, bits] of list) {
    if (network.kind() === parsed.kind() && parsed.match(network, bits)) return 'verified';
  }
  return 'unverified';
}
