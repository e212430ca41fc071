import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run demo` (issue 41, items 4 and 8): the server it starts gets a secret file of its own in
// the data folder (made on the first run, see ~/lib/session-secret) and listens on 127.0.0.1
// unless HOST says otherwise, since the admin password it prints is for this machine only. The
// script's own shell runs here with each step replaced by a print of what the step would get.

const root = path.resolve(import.meta.dirname, '..');
const demo = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.demo!;

function environmentOfDemo(extra: Record<string, string>) {
  const script = demo
    .replace(/npm run [\w:]+/g, 'true')
    .replace(
      'npm start',
      `node -e "console.log(JSON.stringify({ HOST: process.env.HOST, SESSION_SECRET_FILE: process.env.SESSION_SECRET_FILE }))"`,
    );
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...extra };
  return JSON.parse(execFileSync('sh', ['-c', script], { env, encoding: 'utf8' })) as Record<
    string,
    string | undefined
  >;
}

describe('npm run demo', () => {
  it('binds 127.0.0.1 and keeps its session secret in data/, unless told otherwise', () => {
    expect(environmentOfDemo({})).toMatchObject({
      HOST: '127.0.0.1',
      SESSION_SECRET_FILE: 'data/session-secret',
    });
    expect(
      environmentOfDemo({ HOST: '0.0.0.0', SESSION_SECRET_FILE: '/srv/secret' }),
    ).toMatchObject({
      HOST: '0.0.0.0',
      SESSION_SECRET_FILE: '/srv/secret',
    });
  });

  it('seeds the demo key with the same secret file the server reads', () => {
    // The export comes first, so every step (db:seed:demo derives the demo API key from the
    // secret) sees the file the server starts with.
    expect(demo.indexOf('SESSION_SECRET_FILE=')).toBeLessThan(demo.indexOf('db:seed:demo'));
    expect(demo).toMatch(/^export SESSION_SECRET_FILE=/);
  });
});
