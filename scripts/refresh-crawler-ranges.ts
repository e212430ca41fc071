// Refreshes the vendored crawler address ranges (app/domain/agents/ip-ranges/ranges.json) from the
// vendors' own published files: each agent's `official` URL, which answers
// `{ prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }` (OpenAI, Perplexity, Google, Microsoft, Apple).
//
//   npm run crawlers:ranges:refresh
//
// Each file is fetched with a time-out and retried with backoff; a vendor that fails, answers
// something else, or lists no valid prefix keeps its old ranges (said so, and the exit code is 1),
// so a refresh never empties a list. Records the day in ranges.json (`gathered`) and SOURCE.md,
// and prints how many prefixes came and went per agent. Needs the internet (not this build
// machine); its test serves fake vendors (CRAWLER_RANGES_ORIGIN, CRAWLER_RANGES_DIR).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

const DIR =
  process.env.CRAWLER_RANGES_DIR ??
  path.join(import.meta.dirname, '..', 'app', 'domain', 'agents', 'ip-ranges');
/** Where the vendors' URLs point instead (the test's fake): `${origin}/${host}${path}`. */
const ORIGIN = process.env.CRAWLER_RANGES_ORIGIN;
const TIMEOUT_MS = Number(process.env.CRAWLER_RANGES_TIMEOUT_MS ?? 20_000);
const ATTEMPTS = 3;

type Ranges = {
  source: string;
  licence: string;
  gathered: string;
  agents: Record<string, { vendor: string; official: string; prefixes: string[] }>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function addressOf(official: string): string {
  if (!ORIGIN) return official;
  const url = new URL(official);
  return `${ORIGIN}/${url.host}${url.pathname}`;
}

/** The vendor's file, parsed; retried with backoff on a network error, a time-out or a 5xx/429. */
async function fetchJson(url: string): Promise<unknown> {
  let last: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'User-Agent': 'ai-visibility-crawler-ranges-refresh',
          Accept: 'application/json',
        },
      });
      if (response.ok) return await response.json();
      last = new Error(`HTTP ${response.status}`);
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      last = error;
      if (error instanceof SyntaxError) break;
    }
    if (attempt < ATTEMPTS) await sleep(500 * 2 ** (attempt - 1));
  }
  throw last instanceof Error ? last : new Error(String(last));
}

/** The valid CIDR prefixes of a vendor's file, in its order, without repeats. */
function prefixesOf(body: unknown): string[] {
  const list = (body as { prefixes?: unknown }).prefixes;
  if (!Array.isArray(list)) return [];
  const out = new Set<string>();
  for (const entry of list) {
    const prefix = (entry as { ipv4Prefix?: unknown; ipv6Prefix?: unknown }) ?? {};
    const text = prefix.ipv4Prefix ?? prefix.ipv6Prefix;
    if (typeof text === 'string' && ipaddr.isValidCIDR(text)) out.add(text);
  }
  return [...out];
}

const file = path.join(DIR, 'ranges.json');
const ranges = JSON.parse(readFileSync(file, 'utf8')) as Ranges;
const today = new Date().toISOString().slice(0, 10);
let failed = 0;
for (const [agent, entry] of Object.entries(ranges.agents)) {
  try {
    const next = prefixesOf(await fetchJson(addressOf(entry.official)));
    if (!next.length) throw new Error('no valid prefix in the file');
    const added = next.filter((prefix) => !entry.prefixes.includes(prefix)).length;
    const removed = entry.prefixes.filter((prefix) => !next.includes(prefix)).length;
    entry.prefixes = next;
    console.log(`${agent}: ${next.length} prefixes (${added} added, ${removed} removed).`);
  } catch (error) {
    failed += 1;
    console.log(
      `${agent}: kept its ${entry.prefixes.length} prefixes (${(error as Error).message}).`,
    );
  }
}
if (failed < Object.keys(ranges.agents).length) {
  ranges.gathered = today;
  ranges.source = "the vendors' own published files (each agent's `official` URL)";
  ranges.licence =
    'published by each vendor for site operators to verify their crawlers (the earlier copy came from a CC0-1.0 mirror)';
  writeFileSync(file, `${JSON.stringify(ranges, null, 2)}\n`);
  const sourceFile = path.join(DIR, 'SOURCE.md');
  const note = `- Refreshed: ${today} from the vendors' own URLs (\`official\` in ranges.json) by \`npm run crawlers:ranges:refresh\`${failed ? ` (${failed} kept their earlier ranges)` : ''}.`;
  const source = readFileSync(sourceFile, 'utf8');
  writeFileSync(
    sourceFile,
    /^- Refreshed: .*$/m.test(source)
      ? source.replace(/^- Refreshed: .*$/m, note)
      : source.replace(/^(- Gathered: .*)$/m, `$1\n${note}`),
  );
}
if (failed) process.exitCode = 1;
