import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run crawlers:ranges:refresh` against fake vendors that misbehave: OpenAI's GPTBot file
// answers 503 once then the new list (retried), ChatGPT-User's hangs past the time-out, Apple's
// is not JSON, Bing's lists no valid prefix, the others answer. A vendor that fails keeps its old
// ranges; the exit code says something failed; the day is recorded.

const VENDORED = path.resolve(import.meta.dirname, '../app/domain/agents/ip-ranges');
const ORIGINAL = JSON.parse(readFileSync(path.join(VENDORED, 'ranges.json'), 'utf8')) as {
  agents: Record<string, { prefixes: string[] }>;
};

let server: http.Server;
let origin = '';
let dir = '';
const asked: string[] = [];
let gptbotTries = 0;

const list = (...prefixes: string[]) =>
  JSON.stringify({
    creationTime: '2026-11-28T00:00:00',
    prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ip-ranges-'));
  for (const file of ['ranges.json', 'SOURCE.md'])
    copyFileSync(path.join(VENDORED, file), path.join(dir, file));
  server = http.createServer((request, response) => {
    const url = request.url ?? '';
    asked.push(url);
    if (url === '/openai.com/gptbot.json') {
      gptbotTries += 1;
      if (gptbotTries === 1) response.writeHead(503).end();
      else response.end(list('20.171.207.0/24', '20.171.207.0/24', '2603:1030::/32', 'bogus'));
    } else if (url === '/openai.com/chatgpt-user.json') {
      // Hangs: never answers.
    } else if (url === '/search.developer.apple.com/applebot.json') {
      response.end('<html>not json</html>');
    } else if (url === '/www.bing.com/toolbox/bingbot.json') {
      response.end(list('not-a-prefix'));
    } else if (url.endsWith('.json')) {
      response.end(list('192.0.2.0/24'));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('refreshing the vendored crawler address ranges', () => {
  it('takes each vendor’s new list, retries a 503, keeps the old ranges of a vendor that fails', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'refresh-crawler-ranges.ts')],
      {
        env: {
          ...process.env,
          CRAWLER_RANGES_ORIGIN: origin,
          CRAWLER_RANGES_DIR: dir,
          CRAWLER_RANGES_TIMEOUT_MS: '300',
        },
      },
    );
    const failure = (await run.catch((error: unknown) => error)) as {
      code?: number;
      stdout: string;
    };
    expect(failure.code).toBe(1);
    const after = JSON.parse(readFileSync(path.join(dir, 'ranges.json'), 'utf8')) as {
      gathered: string;
      agents: Record<string, { prefixes: string[]; official: string }>;
    };
    // Retried after the 503; repeats and invalid entries dropped.
    expect(gptbotTries).toBe(2);
    expect(after.agents.GPTBot!.prefixes).toEqual(['20.171.207.0/24', '2603:1030::/32']);
    expect(after.agents['OAI-SearchBot']!.prefixes).toEqual(['192.0.2.0/24']);
    // Hanging, not JSON, nothing valid: the old ranges stay.
    for (const agent of ['ChatGPT-User', 'Applebot', 'Bingbot'])
      expect(after.agents[agent]!.prefixes).toEqual(ORIGINAL.agents[agent]!.prefixes);
    expect(after.agents.GPTBot!.official).toBe('https://openai.com/gptbot.json');
    expect(after.gathered).toBe(new Date().toISOString().slice(0, 10));
    expect(readFileSync(path.join(dir, 'SOURCE.md'), 'utf8')).toContain(
      `- Refreshed: ${after.gathered} from the vendors' own URLs`,
    );
    expect(failure.stdout).toMatch(/ChatGPT-User: kept its \d+ prefixes/);
    expect(failure.stdout).toContain('GPTBot: 2 prefixes');
    expect(asked).toContain('/developers.google.com/static/search/apis/ipranges/googlebot.json');
  }, 60_000);
});
