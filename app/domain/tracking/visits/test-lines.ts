// What the log-line tests share (./*.test.ts here, tests/integration/crawler-*.test.ts,
// log-drains*.test.ts and the others that feed access logs in): the User-Agents of the AI agents
// and of a browser, a combined-format line builder, and the lines that try the combined/common
// grammar with every damaged version of them. Imported by tests only.

export const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
export const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
export const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
export const PERPLEXITY =
  'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
/** A person's browser: never counted as an agent. */
export const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A time as a combined line writes it, in UTC: `27/Nov/2026:10:00:00 +0000`. */
export function clfTime(at: Date): string {
  const day = `${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}`;
  const clock = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
  return `${day}:${clock} +0000`;
}

const loaded = new Date();
/** Today (UTC, the day this module was loaded) as the API writes a day: `2026-11-27`. */
export const today = loaded.toISOString().slice(0, 10);
/** Today at `hour`:00:00, as a combined line writes it. */
export const todayAt = (hour: number) => clfTime(new Date(`${today}T${two(hour)}:00:00Z`));

/** An Apache/Nginx combined-format line of a GET (`time` as clfTime writes it). */
export function combinedLine(line: {
  ip: string;
  time: string;
  path: string;
  status: number;
  bytes?: number;
  referer?: string;
  userAgent: string;
}): string {
  const { ip, time, path, status, bytes = 512, referer = '-', userAgent } = line;
  return `${ip} - - [${time}] "GET ${path} HTTP/1.1" ${status} ${bytes} "${referer}" "${userAgent}"`;
}

/** A combined line of today at `hour`:00:00 (a small business's day of log). */
export const todayLine = (
  ip: string,
  hour: number,
  path: string,
  status: number,
  userAgent: string,
  referer = '-',
) => combinedLine({ ip, time: todayAt(hour), path, status, referer, userAgent });

/**
 * Lines that try the combined/common grammar: an agent's line, an IPv6 address with a user and a
 * negative zone, escaped quotes, a common line (no referer, no agent), an empty request, a request
 * without a protocol and words after the line, and a line of dashes and empty fields.
 */
export const GRAMMAR_LINES = [
  '20.171.207.10 - - [27/Nov/2026:10:00:00 +0000] "GET /menu?x=1 HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)"',
  '2001:db8::1 - frank [01/Dec/2026:23:59:59 -0530] "post /form HTTP/2.0" 302 - "https://chatgpt.com/" "Mozilla/5.0"',
  '1.2.3.4 - - [31/Jan/2026:00:00:00 +1400] "GET /a\\"b HTTP/1.0" 404 12 "say \\"hi\\"" "agent \\\\ x"',
  '1.2.3.4 - - [01/Dec/2026:00:00:00 +0000] "GET / HTTP/1.0" 304 -',
  '1.2.3.4 - - [01/Dec/2026:00:00:00 +0000] "-" 408 0 "-" "-"',
  '1.2.3.4 - - [01/Dec/2026:00:00:00 +0000] "GET /x" 200 1 "ref" "ua" trailing words',
  '- - - [15/Aug/2026:12:30:45 +0200] "HEAD  /double HTTP/1.1" 500 99999 "" ""',
];

/** Every damaged version of a line: cut short at each character, and each character replaced by each of `changes`. */
export function* damaged(line: string, changes: readonly string[]): Generator<string> {
  for (let i = 0; i < line.length; i++) {
    yield line.slice(0, i);
    for (const change of changes) yield line.slice(0, i) + change + line.slice(i + 1);
  }
}
