import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

// Fetching addresses that users type, without letting them reach our own network (SSRF).
//
// - Only http and https, on any port.
// - The host name is resolved here, every address it resolves to is checked, and the socket
//   connects to the checked address (the request's `lookup` hands it over; there is no second DNS
//   lookup a rebinding server could answer differently). An address literal is checked as is.
// - Only public unicast addresses pass: loopback, private, link-local (the cloud metadata service
//   at 169.254.169.254), unique-local, carrier-grade NAT, multicast, reserved, and the IPv6 forms
//   that embed an IPv4 address are judged by it or refused: IPv4-mapped and IPv4-compatible
//   (the whole ::/96) are read as their IPv4 address; SIIT, NAT64, 6to4 and Teredo are refused
//   whatever they embed. Anything may pass if the exact address
//   is on the allowlist (AUDIT_ALLOWED_PRIVATE_HOSTS, for tests against local fixture sites).
// - Redirects are followed by hand, at most 5, each one checked like the first.
// - One deadline for the whole fetch (10 s), at most 2 MB of body after decompression; several
//   fetches may share a deadline and a number of requests (one audit: 30 to the site).

export type FetchPolicy = {
  /** Addresses refused by the rules above that may be fetched anyway (exact match). */
  allowPrivateHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /**
   * An instant (ms since the epoch) shared by several fetches, e.g. every fetch of one audit: each
   * gets what is left of it, at most `timeoutMs`.
   */
  deadline?: number;
  /**
   * Requests left to the site, shared by several fetches (every fetch of one audit): each request
   * takes one, redirects included; with none left the fetch fails with 'budget' and sends nothing.
   */
  requests?: { remaining: number };
};

export const DEFAULT_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export type FetchFailureCode =
  | 'bad_url'
  | 'refused_address'
  | 'dns'
  | 'connect'
  | 'tls'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'budget'
  | 'network';

export type FetchSuccess = {
  ok: true;
  /** The address asked for. */
  requestedUrl: string;
  /** Where the last redirect led (the address whose answer this is). */
  url: string;
  /** Every address visited, the first one included. */
  chain: string[];
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** Body bytes as they came over the wire (compressed, if the server compressed them). */
  wireBytes: number;
  elapsedMs: number;
};

export type FetchFailure = {
  ok: false;
  requestedUrl: string;
  /** The address that failed (after redirects, if any were followed). */
  url: string;
  code: FetchFailureCode;
  /**
   * Plain words for the owner, e.g. 'it did not answer within 10 seconds'. A host we refuse or
   * cannot resolve is always UNREACHABLE_ADDRESS, whichever it was: telling "private network" from
   * "does not exist" would let anyone map our internal DNS names through the audit.
   */
  error: string;
  /** The same in detail, for the server log only (never shown to the owner). */
  detail: string;
  elapsedMs: number;
};

/** What the owner is told of every refused or unresolvable host. */
export const UNREACHABLE_ADDRESS = 'we could not reach this address from the internet';

/** Failures whose detail tells about our own network: the owner hears UNREACHABLE_ADDRESS. */
const HIDDEN_DETAIL: ReadonlySet<FetchFailureCode> = new Set(['refused_address', 'dns']);

export type FetchOutcome = FetchSuccess | FetchFailure;

class FetchError extends Error {
  constructor(
    readonly code: FetchFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The address in its canonical text form; null if not an address. An IPv6 address that is only a
 * wrapper around an IPv4 one, IPv4-mapped (`::ffff:a.b.c.d`) or the deprecated IPv4-compatible
 * form (`::a.b.c.d`, the whole `::/96` except `::` and `::1`, which ipaddr.js calls plain unicast),
 * is given as that IPv4 address, so it is judged (and allowlisted) as what it stands for.
 */
export function canonicalAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    const compatible = parts.slice(0, 6).every((part) => part === 0);
    const highWord = parts[6] ?? 0;
    const lowWord = parts[7] ?? 0;
    if (compatible && (highWord !== 0 || lowWord > 1)) {
      return [highWord >> 8, highWord & 255, lowWord >> 8, lowWord & 255].join('.');
    }
  }
  return parsed.toNormalizedString();
}

/** Whether an address may be fetched: public unicast, or on the allowlist. */
export function isAllowedAddress(address: string, allowlist: readonly string[] = []): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  if (allowlist.some((entry) => canonicalAddress(entry) === canonical)) return true;
  return ipaddr.process(canonical).range() === 'unicast';
}

/** Parses AUDIT_ALLOWED_PRIVATE_HOSTS ("127.0.0.1, ::1"): the valid addresses in it. */
export function parseAllowlist(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry && canonicalAddress(entry))
    .map((entry) => canonicalAddress(entry)!);
}

type Resolved = { address: string; family: 4 | 6 };

async function resolveChecked(hostname: string, policy: FetchPolicy): Promise<Resolved[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (!isAllowedAddress(bare, policy.allowPrivateHosts)) {
      throw new FetchError('refused_address', 'the address points into a private network');
    }
    return [{ address: bare, family: isIP(bare) as 4 | 6 }];
  }
  let found: { address: string; family: number }[];
  try {
    found = await dnsLookup(bare, { all: true, verbatim: true });
  } catch {
    throw new FetchError('dns', 'that domain name does not exist or has no address');
  }
  if (found.length === 0) throw new FetchError('dns', 'that domain name has no address');
  // One private answer is enough to refuse: a name that mixes public and private addresses is
  // either misconfigured or trying to get us to connect inside.
  if (found.some((entry) => !isAllowedAddress(entry.address, policy.allowPrivateHosts))) {
    throw new FetchError('refused_address', 'the domain points into a private network');
  }
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}

/** A `lookup` for the socket that answers with the addresses already checked, never asking DNS. */
function pinnedLookup(addresses: Resolved[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
    if (usable.length === 0) {
      callback(Object.assign(new Error('no address of that family'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    if (options.all) {
      (callback as unknown as (error: null, all: Resolved[]) => void)(null, usable);
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  };
}

function networkError(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED')
    return new FetchError('connect', 'the server refused the connection');
  if (code === 'ECONNRESET') return new FetchError('connect', 'the server closed the connection');
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new FetchError('connect', 'the server cannot be reached from the internet');
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code)) {
    return new FetchError('tls', 'its HTTPS certificate is not valid');
  }
  if (code === 'ABORT_ERR' || (error as Error).name === 'AbortError') {
    return new FetchError('timeout', 'it did not answer within 10 seconds');
  }
  return new FetchError('network', (error as Error).message || 'the connection failed');
}

type Hop = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; wireBytes: number };

function decoder(encoding: string | undefined) {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function requestOnce(
  url: URL,
  addresses: Resolved[],
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
        headers: {
          'User-Agent': policy.userAgent,
          Accept:
            'text/html,application/xhtml+xml,text/plain;q=0.9,application/xml;q=0.9,*/*;q=0.5',
          'Accept-Encoding': 'gzip, deflate, br',
          'Accept-Language': 'en',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let wireBytes = 0;
        let size = 0;
        const chunks: Buffer[] = [];
        const fail = (error: unknown) => {
          request.destroy();
          reject(error);
        };
        response.on('data', (chunk: Buffer) => {
          wireBytes += chunk.length;
        });
        const decode = decoder(response.headers['content-encoding']);
        const stream = decode ? response.pipe(decode) : response;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            fail(
              new FetchError(
                'too_large',
                `it is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', (error) =>
          fail(
            error instanceof FetchError
              ? error
              : new FetchError('network', 'its answer was garbled'),
          ),
        );
        response.on('error', fail);
        stream.on('end', () =>
          resolve({ status, headers: response.headers, body: Buffer.concat(chunks), wireBytes }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) record[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

/**
 * GETs `address` under the rules at the top of this file. Never throws: a refusal, a timeout or a
 * network failure comes back as `{ ok: false, code, error }` in words an owner understands.
 */
export async function safeFetch(address: string, policy: FetchPolicy): Promise<FetchOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const left = policy.deadline === undefined ? policy.timeoutMs : policy.deadline - Date.now();
  const signal = AbortSignal.timeout(Math.max(0, Math.min(policy.timeoutMs, left)));
  const chain: string[] = [];
  let current = address;
  try {
    for (let hop = 0; ; hop += 1) {
      let url: URL;
      try {
        url = new URL(current);
      } catch {
        throw new FetchError('bad_url', 'it is not a valid web address');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FetchError('bad_url', 'only http and https addresses can be checked');
      }
      if (url.username || url.password) {
        throw new FetchError('bad_url', 'addresses with a user name or password are not checked');
      }
      url.hash = '';
      chain.push(url.href);
      const addresses = await resolveChecked(url.hostname, policy);
      if (policy.requests) {
        if (policy.requests.remaining <= 0) {
          throw new FetchError('budget', 'the audit had already made all the requests it allows');
        }
        policy.requests.remaining -= 1;
      }
      const response = await requestOnce(url, addresses, policy, signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.status) && location) {
        if (hop >= policy.maxRedirects) {
          throw new FetchError(
            'too_many_redirects',
            `it redirected more than ${policy.maxRedirects} times`,
          );
        }
        current = new URL(location, url).href;
        continue;
      }
      return {
        ok: true,
        requestedUrl: address,
        url: url.href,
        chain,
        status: response.status,
        headers: headerRecord(response.headers),
        contentType: (response.headers['content-type'] ?? '').toLowerCase(),
        body: response.body,
        wireBytes: response.wireBytes,
        elapsedMs: elapsed(),
      };
    }
  } catch (error) {
    const failure = signal.aborted
      ? new FetchError(
          'timeout',
          `it did not answer within ${Math.round(policy.timeoutMs / 1000)} seconds`,
        )
      : networkError(error);
    const url = chain.at(-1) ?? address;
    const hidden = HIDDEN_DETAIL.has(failure.code);
    if (hidden)
      console.warn(`[safe-fetch] not fetched ${url}: ${failure.message} (${failure.code})`);
    return {
      ok: false,
      requestedUrl: address,
      url,
      code: failure.code,
      error: hidden ? UNREACHABLE_ADDRESS : failure.message,
      detail: failure.message,
      elapsedMs: elapsed(),
    };
  }
}
