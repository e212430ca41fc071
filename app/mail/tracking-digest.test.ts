import { describe, expect, it } from 'vitest';
import { figuresOf, type ReadAnswerRecord } from '~/domain/tracking/figures/figures';
import { trackingDigestMail, type DigestBusiness } from './tracking-digest.server';

// The digest's words for figures read from the Demo assistant's simulated answers: the label comes
// before the number, in the text and the HTML alike.

function answers(count: number, named: number): ReadAnswerRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    engine: 'demo',
    askedAt: new Date('2026-11-18T10:00:00Z'),
    mentioned: i < named,
    position: i < named ? 1 : null,
    cited: false,
    competitors: [],
    sources: [],
  }));
}

function mail(simulated: boolean) {
  const overall = figuresOf(answers(12, 4));
  const business: DigestBusiness = {
    id: 'b1',
    name: 'Lone Star Plumbing',
    simulated,
    overall,
    previous: null,
    engines: [{ name: 'Demo assistant (simulated answers)', current: overall, previous: null }],
    site: null,
    newCompetitor: null,
    quote: null,
  };
  return trackingDigestMail({
    to: 'ada@example.com',
    firstName: 'Ada',
    origin: 'https://app.example',
    from: new Date('2026-11-13T00:00:00Z'),
    until: new Date('2026-11-19T00:00:00Z'),
    businesses: [business],
    more: 0,
    unsubscribeUrl: 'https://app.example/unsubscribe/digest?token=t',
  });
}

describe('the digest of simulated answers', () => {
  it('labels the overall line before the number', () => {
    const { text, html } = mail(true);
    const line =
      'All assistants, simulated answers: named in 4 of 12 (33%), likely between 14% and 61%';
    expect(text).toContain(line);
    expect(html).toContain(line);
    expect(text).not.toContain('All assistants: named');
  });

  it('says nothing of simulation for real answers', () => {
    const { text } = mail(false);
    expect(text).toContain('All assistants: named in 4 of 12 answers (33%)');
  });
});
