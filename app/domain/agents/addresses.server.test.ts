import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { verifyAgentAddress } from './addresses.server';
import ranges from './ip-ranges/ranges.json';

// A plain dotted IPv4 address is checked by a binary search over each vendor's merged ranges, not
// through ipaddr: the answers must be ipaddr's, at every range's edges and for every other
// spelling of an address (which still goes through ipaddr).

const PARSED = new Map(
  Object.entries(ranges.agents).map(([agent, entry]) => [
    agent,
    entry.prefixes.map((prefix) => ipaddr.parseCIDR(prefix)),
  ]),
);

function expected(agent: string, address: string): 'verified' | 'unverified' {
  const text = address.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return 'unverified';
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return (PARSED.get(agent) ?? []).some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  )
    ? 'verified'
    : 'unverified';
}

/** The addresses around an IPv4 prefix: its first and last, and those just outside. */
function edges(prefix: string): string[] {
  const [network, bits] = ipaddr.parseCIDR(prefix);
  if (network.kind() !== 'ipv4') return [];
  const first = network.toByteArray().reduce((value, octet) => value * 256 + octet, 0);
  const size = 2 ** (32 - bits);
  const start = first - (first % size);
  return [start - 1, start, start + 1, start + size - 1, start + size]
    .filter((value) => value >= 0 && value < 2 ** 32)
    .map((value) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.'));
}

describe('verifying an agent by its address', () => {
  const agents = Object.keys(ranges.agents);

  it("answers as ipaddr does at the edges of every vendor's IPv4 ranges, for every agent", () => {
    let checked = 0;
    let verified = 0;
    for (const agent of [...agents, 'ClaudeBot'])
      for (const other of agents)
        for (const prefix of (ranges.agents as Record<string, { prefixes: string[] }>)[other]!
          .prefixes)
          for (const address of edges(prefix)) {
            const answer = verifyAgentAddress(agent, address);
            expect({ agent, address, answer }).toEqual({
              agent,
              address,
              answer: expected(agent, address),
            });
            checked += 1;
            if (answer === 'verified') verified += 1;
          }
    expect(checked).toBeGreaterThan(10_000);
    expect(verified).toBeGreaterThan(1_000);
  });

  it('reads other spellings of an address as ipaddr does', () => {
    const inside = edges(
      (ranges.agents as Record<string, { prefixes: string[] }>).GPTBot!.prefixes[0]!,
    )[1]!;
    const [a, b, c, d] = inside.split('.');
    const spellings = [
      inside,
      ` ${inside}`,
      `${inside} `,
      `[${inside}]`,
      `::ffff:${inside}`,
      `0${a}.${b}.${c}.${d}`,
      `${a}.${b}.${c}.0${d}`,
      `${a}.${b}.${Number(c) * 256 + Number(d)}`,
      `0x${Number(a).toString(16)}.${b}.${c}.${d}`,
      `${a}.${b}.${c}`,
      `${a}.${b}.${c}.${d}.`,
      `${a}.${b}.${c}.256`,
      `${a}..${c}.${d}`,
      '2001:db8::1',
      'not an address',
      '',
      '-',
    ];
    for (const address of spellings)
      for (const agent of ['GPTBot', 'gptbot', 'GPTBot/1.1', 'ChatGPT-User', 'ClaudeBot'])
        expect({ agent, address, answer: verifyAgentAddress(agent, address) }).toEqual({
          agent,
          address,
          answer: address ? expected(productTokenAgent(agent), address) : 'unverified',
        });
  });
});

/** The vendored ranges' key for an agent token as given ("gptbot", "GPTBot/1.1" → "GPTBot"). */
function productTokenAgent(agent: string): string {
  const token = (/^[A-Za-z_-]*/.exec(agent)?.[0] ?? '').toLowerCase();
  return Object.keys(ranges.agents).find((name) => name.toLowerCase() === token) ?? agent;
}
