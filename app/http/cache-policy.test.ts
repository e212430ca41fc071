import { describe, expect, it } from 'vitest';
import { cacheControlFor, PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from './cache-policy';

const request = (headers: Record<string, string> = {}) => ({ headers: new Headers(headers) });
const response = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
});
const publicPage = () => response(200, { 'Cache-Control': PUBLIC_PAGE_CACHE });

describe('cacheControlFor', () => {
  it('lets a public page be shared when the visitor is anonymous', () => {
    expect(cacheControlFor(request(), publicPage())).toBe(PUBLIC_PAGE_CACHE);
    // Cookies that are not ours (a consent banner's) change nothing.
    expect(cacheControlFor(request({ Cookie: 'consent=yes' }), publicPage())).toBe(
      PUBLIC_PAGE_CACHE,
    );
  });

  it('makes anything personal private, whatever the route declared', () => {
    for (const cookie of ['__session=abc', 'consent=yes; toast=xyz', 'toast=1']) {
      expect(cacheControlFor(request({ Cookie: cookie }), publicPage())).toBe(PRIVATE_NO_STORE);
    }
    expect(cacheControlFor(request({ Authorization: 'Bearer t' }), publicPage())).toBe(
      PRIVATE_NO_STORE,
    );
    const setsCookie = response(200, {
      'Cache-Control': PUBLIC_PAGE_CACHE,
      'Set-Cookie': 'toast=; Max-Age=0',
    });
    expect(cacheControlFor(request(), setsCookie)).toBe(PRIVATE_NO_STORE);
  });

  it('keeps what a route said, treats silence as private, and shares only a 200', () => {
    const robots = response(200, { 'Cache-Control': 'public, max-age=3600' });
    expect(cacheControlFor(request(), robots)).toBe('public, max-age=3600');
    expect(cacheControlFor(request(), response(200))).toBe(PRIVATE_NO_STORE);
    const failed = response(500, { 'Cache-Control': PUBLIC_PAGE_CACHE });
    expect(cacheControlFor(request(), failed)).toBe(PRIVATE_NO_STORE);
  });
});
