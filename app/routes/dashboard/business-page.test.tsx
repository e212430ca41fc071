import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { businessPageMeta, businessPath, daysAsked } from './business-page';
import { BusinessPageHeader, SimulatedNote } from './business-page-header';

// What the pages of one business share: their addresses, their <title>, the days a report covers,
// their header and the Demo assistant's note (the pages themselves are tested in
// tests/integration/{audits,visibility-page,sources-page,crawlers-page}.test.ts and the journeys).

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replace(/<!-- -->/g, '');

describe('the pages of one business', () => {
  it('are addressed under /dashboard/businesses/{id}, the id encoded', () => {
    expect(businessPath('b1', 'audit')).toBe('/dashboard/businesses/b1/audit');
    expect(businessPath('b1', 'crawlers', '#drains-title')).toBe(
      '/dashboard/businesses/b1/crawlers#drains-title',
    );
    expect(businessPath('a/b?c', 'sources')).toBe('/dashboard/businesses/a%2Fb%3Fc/sources');
  });

  it('are titled with the business name (without it on an error page) and never indexed', () => {
    expect(businessPageMeta('AI readiness', "Joe's Plumbing")).toEqual([
      { title: "AI readiness: Joe's Plumbing | AI Visibility" },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(businessPageMeta('Crawler visits', undefined)).toEqual([
      { title: 'Crawler visits | AI Visibility' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('cover 7, 30 or 90 days; anything else asked is the page default', () => {
    const days = (query: string) => daysAsked(new URL(`http://x/p${query}`), 30);
    expect(days('?days=7')).toBe(7);
    expect(days('?days=90')).toBe(90);
    expect(days('')).toBe(30);
    expect(days('?days=13')).toBe(30);
    expect(days('?days=seven')).toBe(30);
    expect(daysAsked(new URL('http://x/p'), 7)).toBe(7);
  });

  it('open with the way back, the other pages in order, and the heading with the name', () => {
    const html = render(
      <BusinessPageHeader
        business={{ id: 'b1', name: 'Lone Star Plumbing' }}
        title="Crawler visits"
        links={[
          ['visibility', 'AI visibility'],
          ['audit', 'AI readiness report'],
        ]}
      >
        <p>Intro</p>
      </BusinessPageHeader>,
    );
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ['/dashboard', '← Back to dashboard'],
      ['/dashboard/businesses/b1/visibility', 'AI visibility'],
      ['/dashboard/businesses/b1/audit', 'AI readiness report'],
    ]);
    expect(html).toMatch(
      /<h1 class="user-text[^"]*">Crawler visits: Lone Star Plumbing<\/h1><p>Intro<\/p>/,
    );
  });

  it('may send "Back to dashboard" elsewhere', () => {
    const html = render(
      <BusinessPageHeader
        business={{ id: 'b1', name: 'X' }}
        title="Where the assistants look"
        back="/dashboard?tab=guide"
        links={[]}
      />,
    );
    expect(html).toMatch(/href="\/dashboard\?tab=guide"[^>]*>← Back to dashboard</);
  });

  it('say when the figures are the Demo assistant’s', () => {
    const html = render(
      <SimulatedNote label="Simulated visits">no real log was read.</SimulatedNote>,
    );
    expect(html).toContain('role="note"');
    expect(html).toContain('data-testid="simulated-note"');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Simulated visits: no real log was read.');
  });
});
