import { describe, expect, it } from 'vitest';
import { ACTIONS_KEPT, actionPlan, type ActionSource, type PlanInput } from './actions';

const site = (overrides: Partial<ActionSource>): ActionSource => ({
  domain: 'yelp.com',
  name: 'Yelp',
  kind: 'directory',
  answers: 6,
  answersWithoutYou: 4,
  listings: [],
  urls: [{ url: 'https://www.yelp.com/search?x', answers: 6 }],
  ...overrides,
});

const plan = (overrides: Partial<PlanInput>) =>
  actionPlan({
    samples: 12,
    withoutYou: 8,
    named: { samples: 12, mentioned: 4 },
    sources: [],
    competitors: [],
    searches: [],
    ...overrides,
  });

describe('the action plan', () => {
  it('says "complete your page" where the business is on every cited page yet the site is cited without it', () => {
    const [action] = plan({
      sources: [site({ listings: [{ status: 'listed', url: 'https://www.yelp.com/search?x' }] })],
    });
    expect(action).toMatchObject({
      kind: 'complete_listing',
      text: 'You are on Yelp, cited in 4 of 8 answers that do not name you: complete your page (reviews, photos, hours)',
      answers: 4,
      of: 8,
    });
  });

  it('asks nothing of a directory cited only in answers that name the business', () => {
    expect(plan({ sources: [site({ answersWithoutYou: 0 })] })).toEqual([]);
  });

  it('leaves out a competitor named less often than the business, and ranks by the share of evidence', () => {
    const actions = plan({
      sources: [
        site({ domain: 'bbb.org', name: 'BBB', answersWithoutYou: 2 }),
        site({ domain: 'angi.com', name: 'Angi', answersWithoutYou: 6 }),
      ],
      competitors: [
        { name: 'Ace Drains', mentions: 3, sites: ['yelp.com'], website: null },
        { name: 'Rival Rooter', mentions: 9, sites: ['angi.com', 'bbb.org'], website: 'rival.com' },
      ],
      searches: [{ engine: 'ChatGPT', query: 'plumber near me', answers: 2 }],
    });
    expect(
      actions.map((action) => [action.kind, action.domain, `${action.answers}/${action.of}`]),
    ).toEqual([
      ['competitor', 'rival.com', '9/12'],
      ['check_listing', 'angi.com', '6/8'],
      ['check_listing', 'bbb.org', '2/8'],
      ['search_gap', 'ChatGPT', '2/12'],
    ]);
    expect(actions[0]!.text).toBe(
      'Rival Rooter is named in 9 of 12 answers; the pages cited with it: angi.com, bbb.org',
    );
  });

  it(`keeps at most ${ACTIONS_KEPT} actions`, () => {
    const sources = Array.from({ length: 15 }, (_, i) =>
      site({ domain: `dir-${i}.com`, name: `Dir ${i}`, answersWithoutYou: i + 1 }),
    );
    expect(plan({ sources })).toHaveLength(ACTIONS_KEPT);
  });
});
