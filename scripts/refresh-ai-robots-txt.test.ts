import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run crawlers:refresh` against a fake GitHub: it records the commit it took the list from,
// copies the list and its licence unchanged, and says which tokens came and went.

const VENDORED = path.resolve(import.meta.dirname, '../app/domain/agents/ai-robots-txt');
const SHA = 'a'.repeat(40);
const NEXT = { GPTBot: { function: 'training' }, NewAnswerBot: { function: 'AI Search Crawlers' } };

let server: http.Server;
let origin = '';
let dir = '';
const asked: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ai-robots-'));
  for (const file of ['robots.json', 'LICENSE', 'SOURCE.md']) {
    copyFileSync(path.join(VENDORED, file), path.join(dir, file));
  }
  server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/repos/ai-robots-txt/ai.robots.txt/commits/main') {
      response.end(
        JSON.stringify({ sha: SHA, commit: { committer: { date: '2026-11-20T10:00:00Z' } } }),
      );
    } else if (request.url === `/ai-robots-txt/ai.robots.txt/${SHA}/robots.json`) {
      response.end(JSON.stringify(NEXT, null, 4));
    } else if (request.url === `/ai-robots-txt/ai.robots.txt/${SHA}/LICENSE`) {
      response.end('MIT License (fake)\n');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

describe('refreshing the vendored crawler list', () => {
  it('takes the newest commit, keeps the files as they came, records the commit, lists the changes', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'refresh-ai-robots-txt.ts')],
      { env: { ...process.env, AI_ROBOTS_API: origin, AI_ROBOTS_RAW: origin, AI_ROBOTS_DIR: dir } },
    );
    expect(asked[0]).toBe('/repos/ai-robots-txt/ai.robots.txt/commits/main');
    expect(readFileSync(path.join(dir, 'robots.json'), 'utf8')).toBe(JSON.stringify(NEXT, null, 4));
    expect(readFileSync(path.join(dir, 'LICENSE'), 'utf8')).toBe('MIT License (fake)\n');
    const source = readFileSync(path.join(dir, 'SOURCE.md'), 'utf8');
    expect(source).toContain(`- commit: ${SHA}`);
    expect(source).toContain('- committed: 2026-11-20');
    expect(source).toContain('- tokens: 2');
    expect(stdout).toContain('Added (counted as training until classified): NewAnswerBot');
    expect(stdout).toMatch(/Removed: .*OAI-SearchBot/);
  }, 30_000);
});
