import { describe, expect, it } from 'vitest';
import { checkoutPath, PLANS } from '~/content/plans';
import { loader as robotsLoader } from '~/routes/robots[.]txt';
import { loader as sitemapLoader } from '~/routes/sitemap[.]xml';
import { loader as pricingLoader, meta as pricingMeta } from '~/routes/pricing/route';
import { args, settle } from './helpers';

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of private areas and names the sitemap', async () => {
    const response = robotsLoader(args(new Request('https://example.org/robots.txt')));
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /mcp');
    expect(text).toContain('Disallow: /account');
    expect(text).toContain('Disallow: /reset-password');
    expect(text).toContain('Sitemap: https://example.org/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists every public page with absolute URLs from the request origin', async () => {
    const response = sitemapLoader(args(new Request('http://shop.example:8080/sitemap.xml')));
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'http://shop.example:8080/',
      'http://shop.example:8080/why-ai-visibility',
      'http://shop.example:8080/how-it-works',
      'http://shop.example:8080/pricing',
      'http://shop.example:8080/contact',
      'http://shop.example:8080/free-check',
      'http://shop.example:8080/help/mcp',
      'http://shop.example:8080/privacy',
      'http://shop.example:8080/terms',
    ]);
  });

  it('uses https behind a TLS-terminating proxy', async () => {
    const request = new Request('http://internal:3000/sitemap.xml', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    const xml = await sitemapLoader(args(request)).text();
    expect(xml).toContain('<loc>https://internal:3000/pricing</loc>');
    expect(xml).not.toContain('<loc>http://');
  });
});

describe('plans', () => {
  it('are the four plans of the spec with one checkout link each, in order', () => {
    expect(
      PLANS.map((plan) => [plan.tier, plan.name, plan.monthlyPrice, plan.highlighted]),
    ).toEqual([
      ['diy', 'DIY All-In', 249, true],
      ['starter', 'White Glove Starter', 500, false],
      ['growth', 'Growth', 1000, false],
      ['authority', 'Authority', 2000, false],
    ]);
    expect(PLANS.map((plan) => checkoutPath(plan.tier))).toEqual([
      '/checkout/diy',
      '/checkout/starter',
      '/checkout/growth',
      '/checkout/authority',
    ]);
  });

  it('the pricing page gets them from its loader, with title, description and Open Graph tags', async () => {
    const { data } = await settle(
      await pricingLoader(args(new Request('https://example.org/pricing'))),
    );
    const loaded = data as Awaited<ReturnType<typeof pricingLoader>>;
    expect(loaded.plans.map((plan) => plan.tier)).toEqual([
      'diy',
      'starter',
      'growth',
      'authority',
    ]);
    const tags = pricingMeta({ data: loaded } as Parameters<typeof pricingMeta>[0]);
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'Pricing | AI Visibility' },
        { property: 'og:title', content: 'Pricing | AI Visibility' },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: 'https://example.org/pricing' },
        expect.objectContaining({ name: 'description' }),
        expect.objectContaining({ property: 'og:description' }),
      ]),
    );
  });
});
