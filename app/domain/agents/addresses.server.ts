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

/** `verified` when the address is in the ranges the agent's vendor publishes, else `unverified`. */
// A log repeats a crawler's few addresses over thousands of lines: answers are remembered (a
// bounded cache; keys are strings of their own, see ownString).
const VERIFIED_LIMIT = 10_000;
const verified = new Map<string, Verification>();

export function verifyAgentAddress(agentToken: string, address: string | null): Verification {
  if (!address) return 'unverified';
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
