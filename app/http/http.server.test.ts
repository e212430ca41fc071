import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '~/domain/errors';
import { isCrossSite, jsonPostAction, safeRedirect } from './http.server';

describe('safeRedirect', () => {
  it.each(['/admin', '/dashboard?tab=prompts', '/pricing#faq', '/a/b?x=1&y=2'])(
    'keeps %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a carriage return', '/\r\n/evil.example'],
    ['a relative path', 'dashboard'],
    ['nothing', ''],
    ['null', null],
    ['a file', new File([], 'x')],
  ])('falls back on %s', (_case, to) => {
    expect(safeRedirect(to)).toBe('/dashboard');
    expect(safeRedirect(to, '/')).toBe('/');
  });

  it('normalises dot segments but stays on the site', () => {
    expect(safeRedirect('/../../admin')).toBe('/admin');
  });
});

describe('isCrossSite', () => {
  const post = (headers: Record<string, string>) =>
    new Request('http://shop.example/logout', { method: 'POST', headers });

  it('trusts the browser’s Sec-Fetch-Site', () => {
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'none' }))).toBe(false);
    // A sibling subdomain is another site's page too.
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'same-site' }))).toBe(true);
  });

  it('refuses an opaque or malformed Origin', () => {
    expect(isCrossSite(post({ Origin: 'null', Host: 'shop.example' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'not a url', Host: 'shop.example' }))).toBe(true);
  });

  it('otherwise compares Origin with the Host', () => {
    expect(isCrossSite(post({ Origin: 'https://evil.example', Host: 'shop.example' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'http://shop.example', Host: 'shop.example' }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });
});

describe('jsonPostAction', () => {
  const echo = jsonPostAction(z.object({ name: z.string() }), async ({ name }) => {
    if (name === 'taken') throw new DomainError('conflict', 'That name is taken');
    if (name === 'busy') {
      throw new DomainError('rate_limited', 'Too many', { retryAfterSeconds: 30 });
    }
    if (name === 'bug') throw new Error('not a refusal');
    return Response.json({ hello: name }, { status: 201 });
  });
  const call = (method: string, body?: unknown, contentType = 'application/json') => {
    const url = new URL('http://shop.example/api/echo');
    const request = new Request(url, {
      method,
      headers: { 'Content-Type': contentType },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return echo({ request, url, pattern: url.pathname, params: {}, context: {} });
  };

  it('answers what the handler answers for a valid body', async () => {
    const res = await call('POST', { name: 'Ada' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ hello: 'Ada' });
  });

  it('refuses another method with 405 and Allow: POST', async () => {
    const res = await call('PUT', { name: 'Ada' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });

  it('refuses a body that fails the schema or is not JSON with a 4xx { message }', async () => {
    const missing = await call('POST', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'name is required' });
    const form = await call('POST', { name: 'Ada' }, 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
  });

  it('answers a domain refusal with its status, { message } and Retry-After', async () => {
    const taken = await call('POST', { name: 'taken' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: 'That name is taken' });
    const busy = await call('POST', { name: 'busy' });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('Retry-After')).toBe('30');
  });

  it('lets anything else through as the bug it is', async () => {
    await expect(call('POST', { name: 'bug' })).rejects.toThrow('not a refusal');
  });
});
