// The access log of `npm run bench:logs` (scripts/bench-logs.ts): a month of a busy small
// business's site in Apache/Nginx combined format, generated from a fixed seed so every run reads
// the same lines (frozen before the import was tuned; do not tune the mix to the code). The mix:
// most lines are people's browsers fetching pages and assets; some are ordinary bots; about one
// in twelve is an AI agent (three in four of those from the vendor's published addresses, the
// rest claiming the name from elsewhere, and agents whose vendor publishes none); about one in
// fifty is a person arriving from an AI assistant (Referer or utm_source); a few lines are
// damaged. Statuses: mostly 200, then 304, 404, 301, 403, 500.
import { createWriteStream, type WriteStream } from 'node:fs';
import ranges from '../../app/domain/agents/ip-ranges/ranges.json';

/** mulberry32: a small seeded generator, so the file is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
];
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  'curl/8.5.0',
];
/** AI agents: [User-Agent, the published ranges to draw "real" addresses from, or none]. */
const AGENTS: [string, string[]][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    ranges.agents.GPTBot.prefixes,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    ranges.agents['ChatGPT-User'].prefixes,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    ranges.agents['OAI-SearchBot'].prefixes,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    ranges.agents.PerplexityBot.prefixes,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ranges.agents.Applebot.prefixes,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    [],
  ],
  ['Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)', []],
  ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', []],
];
const REFERERS = [
  'https://chatgpt.com/',
  'https://www.perplexity.ai/search/best-plumber-in-austin',
  'https://gemini.google.com/',
  'https://copilot.microsoft.com/',
  'https://claude.ai/',
];
const PAGES = [
  '/',
  '/services',
  '/services/drain-cleaning',
  '/services/water-heaters',
  '/services/leak-repair',
  '/about',
  '/contact',
  '/book',
  '/reviews',
  '/faq',
  '/blog',
  ...Array.from({ length: 40 }, (_, i) => `/blog/post-${i + 1}`),
  '/robots.txt',
  '/sitemap.xml',
  '/llms.txt',
];
const ASSETS = [
  '/assets/app-3f9a1c.css',
  '/assets/app-8b2e4d.js',
  '/images/logo.svg',
  '/images/team.jpg',
  '/favicon.ico',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

function addressIn(rng: () => number, cidr: string): string {
  const [base, bits] = cidr.split('/') as [string, string];
  if (base.includes(':')) return base.replace(/::$/, '::1');
  const parts = base.split('.').map(Number);
  const size = 2 ** (32 - Number(bits));
  const offset = Math.floor(rng() * size);
  const n = ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) + offset;
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Addresses outside every published range (documentation and private blocks). */
const elsewhere = (rng: () => number) =>
  `${pick(rng, ['198.51.100', '203.0.113', '192.0.2', '10.20.30'])}.${1 + Math.floor(rng() * 250)}`;
const person = (rng: () => number) =>
  `${pick(rng, [73, 98, 172, 24, 68, 108])}.${Math.floor(rng() * 256)}.${Math.floor(rng() * 256)}.${1 + Math.floor(rng() * 254)}`;

function status(rng: () => number): number {
  const r = rng();
  return r < 0.8 ? 200 : r < 0.88 ? 304 : r < 0.94 ? 404 : r < 0.97 ? 301 : r < 0.99 ? 403 : 500;
}

function clfTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

export type Mix = {
  browsers: number;
  bots: number;
  agents: number;
  referrals: number;
  damaged: number;
};

/**
 * Writes `lines` lines of the month ending yesterday to each file in `files` (the first `lines`
 * lines of the same sequence: a shorter file is a prefix of a longer one). Returns the mix.
 */
export async function writeAccessLog(
  files: { path: string; lines: number }[],
  seed = 48,
): Promise<Mix> {
  const rng = random(seed);
  const total = Math.max(...files.map((file) => file.lines));
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = end - 30 * DAY_MS;
  const step = (30 * DAY_MS) / total;
  const streams: [WriteStream, number][] = files.map((file) => [
    createWriteStream(file.path),
    file.lines,
  ]);
  const mix: Mix = { browsers: 0, bots: 0, agents: 0, referrals: 0, damaged: 0 };
  let chunk: string[] = [];
  const flush = async (upTo: number) => {
    const text = chunk.join('\n') + '\n';
    const from = upTo - chunk.length;
    chunk = [];
    for (const [stream, limit] of streams) {
      if (from >= limit) continue;
      const part =
        upTo <= limit
          ? text
          : text
              .split('\n')
              .slice(0, limit - from)
              .join('\n') + '\n';
      if (!stream.write(part))
        await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    }
  };
  for (let i = 0; i < total; i++) {
    const at = clfTime(start + i * step);
    const kind = rng();
    let ip: string;
    let ua: string;
    let referer = '-';
    let path = rng() < 0.35 ? pick(rng, ASSETS) : pick(rng, PAGES);
    if (kind < 0.001) {
      mix.damaged += 1;
      // A line cut short (a log rotated mid-write): no format reads it.
      chunk.push(`${person(rng)} - - [${at}] "GET / HTTP/1.1" 2`);
      if (chunk.length >= 10_000) await flush(i + 1);
      continue;
    } else if (kind < 0.081) {
      mix.agents += 1;
      const [agent, published] = pick(rng, AGENTS);
      ua = agent;
      ip = published.length && rng() < 0.75 ? addressIn(rng, pick(rng, published)) : elsewhere(rng);
      path = pick(rng, PAGES);
    } else if (kind < 0.101) {
      mix.referrals += 1;
      ua = pick(rng, BROWSERS);
      ip = person(rng);
      path = pick(rng, PAGES);
      if (rng() < 0.3) path = `${path}?utm_source=chatgpt.com`;
      else referer = pick(rng, REFERERS);
    } else if (kind < 0.141) {
      mix.bots += 1;
      ua = pick(rng, BOTS);
      ip = person(rng);
    } else {
      mix.browsers += 1;
      ua = pick(rng, BROWSERS);
      ip = person(rng);
      if (rng() < 0.4) referer = `https://www.example-plumbing.com${pick(rng, PAGES)}`;
      else if (rng() < 0.2) referer = 'https://www.google.com/';
    }
    const bytes = 200 + Math.floor(rng() * 40_000);
    chunk.push(
      `${ip} - - [${at}] "GET ${path} HTTP/1.1" ${status(rng)} ${bytes} "${referer}" "${ua}"`,
    );
    if (chunk.length >= 10_000) await flush(i + 1);
  }
  if (chunk.length) await flush(total);
  await Promise.all(
    streams.map(([stream]) => new Promise<void>((resolve) => stream.end(() => resolve()))),
  );
  return mix;
}
