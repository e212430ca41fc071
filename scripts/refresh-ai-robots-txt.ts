// Refreshes the vendored list of AI crawlers (app/domain/agents/ai-robots-txt/) from the
// ai.robots.txt project: robots.json and its LICENSE at one commit, recorded in SOURCE.md.
//
//   npm run crawlers:refresh              # the newest commit on main
//   npm run crawlers:refresh -- <commit>  # a given commit
//
// Prints the tokens added and removed. An added token counts as training and data collection
// until app/domain/agents/crawlers.server.ts classifies it; read its description and decide.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REPO = 'ai-robots-txt/ai.robots.txt';
// The addresses and the folder can be pointed elsewhere (the script's test serves a fake GitHub).
const API = process.env.AI_ROBOTS_API ?? 'https://api.github.com';
const RAW = process.env.AI_ROBOTS_RAW ?? 'https://raw.githubusercontent.com';
const DIR =
  process.env.AI_ROBOTS_DIR ??
  path.join(import.meta.dirname, '..', 'app', 'domain', 'agents', 'ai-robots-txt');
const TIMEOUT_MS = 20_000;

async function get(url: string): Promise<Response> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { 'User-Agent': 'ai-visibility-crawler-list-refresh' },
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function resolveCommit(ref: string): Promise<{ sha: string; date: string }> {
  const response = await get(`${API}/repos/${REPO}/commits/${ref}`);
  const body = (await response.json()) as { sha: string; commit: { committer: { date: string } } };
  return { sha: body.sha, date: body.commit.committer.date.slice(0, 10) };
}

const raw = (sha: string, file: string) =>
  get(`${RAW}/${REPO}/${sha}/${file}`).then((r) => r.text());

const ref = process.argv[2] ?? 'main';
const { sha, date } = await resolveCommit(ref);
const [json, license] = await Promise.all([raw(sha, 'robots.json'), raw(sha, 'LICENSE')]);
const next = JSON.parse(json) as Record<string, unknown>;
const before = JSON.parse(readFileSync(path.join(DIR, 'robots.json'), 'utf8')) as Record<
  string,
  unknown
>;

writeFileSync(path.join(DIR, 'robots.json'), json);
writeFileSync(path.join(DIR, 'LICENSE'), license);
const source = readFileSync(path.join(DIR, 'SOURCE.md'), 'utf8')
  .replace(/- commit: \S+/, `- commit: ${sha}`)
  .replace(/- committed: \S+/, `- committed: ${date}`)
  .replace(/- tokens: \d+/, `- tokens: ${Object.keys(next).length}`);
writeFileSync(path.join(DIR, 'SOURCE.md'), source);

const added = Object.keys(next).filter((token) => !(token in before));
const removed = Object.keys(before).filter((token) => !(token in next));
console.log(`ai.robots.txt at ${sha} (${date}): ${Object.keys(next).length} tokens.`);
console.log(`Added (counted as training until classified): ${added.join(', ') || 'none'}`);
console.log(`Removed: ${removed.join(', ') || 'none'}`);
console.log('Run app/domain/agents/crawlers.server.test.ts: it fails if a token we name is gone.');
