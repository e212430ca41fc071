import { scanLog } from './log-scan';

// A reading thread's warm-up (issue 48, `npm run bench:logs`; decision record 0033): once loaded,
// a thread reads a made-up log of WARM_UP_LINES lines, four times over (browsers, AI agents from published and
// other addresses, AI referrals, a JSON line, lines no format reads, a line that is not ASCII),
// so the code that reads real uploads is compiled before the first one comes (the first import
// after a start took ~30% longer than the next without it). Nothing of it is kept: it is not
// stored, and the reading forgets what it remembered when it ends. Pure but for the reading.

export const WARM_UP_LINES = 10_000;
/** The made-up log is read this many times over (its text is kept small). */
const ROUNDS = 4;

// As in a real log, most lines are browsers': an agent's one line in four, a referral one in 50.
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
];
const AGENTS = [
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
];
const REFERERS = ['-', 'https://www.google.com/', '-', '-', '-'];

const two = (n: number) => String(n).padStart(2, '0');

/** The made-up log, one line per "\n". */
export function warmUpLog(): string {
  const lines: string[] = [];
  for (let i = 0; i < WARM_UP_LINES; i++) {
    const ip = i % 16 === 0 ? `20.171.207.${i % 250}` : `198.51.${i % 100}.${i % 250}`;
    const time = `${two((i % 28) + 1)}/Nov/2026:${two(i % 24)}:${two(i % 60)}:${two(i % 59)} +0000`;
    const query = i % 97 === 0 ? '?utm_source=chatgpt.com' : '';
    const status = i % 11 === 0 ? 404 : i % 13 === 0 ? 301 : 200;
    const agent = i % 4 === 0 ? AGENTS[(i >> 2) % AGENTS.length]! : BROWSERS[i % BROWSERS.length]!;
    const referer = i % 50 === 1 ? 'https://chatgpt.com/' : REFERERS[i % REFERERS.length]!;
    lines.push(
      `${ip} - - [${time}] "GET /page/${i % 50}${query} HTTP/1.1" ${status} ${i} "${referer}" "${agent}"`,
    );
    if (i % 500 === 0) lines.push('not a log line');
    if (i % 1000 === 0) lines.push(lines.at(-2)!.replace('/page/', '/café/'));
    if (i % 2000 === 0)
      lines.push(
        JSON.stringify({
          ClientIP: '20.171.207.9',
          ClientRequestPath: '/from-json',
          EdgeResponseStatus: 200,
          EdgeStartTimestamp: '2026-11-02T10:00:00Z',
          ClientRequestUserAgent: AGENTS[0],
        }),
      );
  }
  return `${lines.join('\n')}\n`;
}

/** Reads the made-up log to its end, keeping nothing. */
export async function warmUp(): Promise<void> {
  const bytes = Buffer.from(warmUpLog());
  async function* chunks() {
    for (let round = 0; round < ROUNDS; round++) yield bytes;
  }
  const options = {
    businessId: 'warm-up',
    secret: 'warm-up',
    budget: Infinity,
    batch: 5_000,
    progressEvery: Infinity,
  };
  for await (const event of scanLog(chunks(), options)) void event;
}
