import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 44, item 11: a newcomer's README is short: the two commands first, what the product is,
// and where to read more. Configuration, the API, operations and decisions live in docs/, linked
// from it, and every link leads to a file that exists.

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the README', () => {
  it('is under 20 KB', () => {
    expect(statSync(path.join(root, 'README.md')).size).toBeLessThan(20 * 1024);
  });

  it('starts with the two commands, exactly as they were', () => {
    expect(
      readme.startsWith(
        '# AI Visibility\n\n```sh\nnpm ci && npm run demo\n```\n\n```sh\nnpm ci && npm run e2e:browser && npm test\n```\n',
      ),
    ).toBe(true);
  });

  it('links configuration, the API, operations and decisions in docs/, and every link exists', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:)[^)#]+)\)/g)].map((match) => match[1]!);
    for (const page of [
      'docs/configuration.md',
      'docs/api.md',
      'docs/operations.md',
      'docs/decisions/README.md',
    ])
      expect(links).toContain(page);
    for (const link of links) expect(existsSync(path.join(root, link)), link).toBe(true);
  });

  it('keeps what moved: each docs page has its sections', () => {
    const text = (page: string) => readFileSync(path.join(root, 'docs', page), 'utf8');
    expect(text('configuration.md')).toContain('FREE_GPT_URL');
    expect(text('api.md')).toContain('## JSON API');
    expect(text('operations.md')).toContain('## Background jobs');
    expect(text('development.md')).toContain('### Database and migrations');
  });
});
