// The action plan: what to do first about the sites behind the answers, each action with its
// evidence (so many of so many answers) and ranked by it. Pure: the report gathers the counts.
//
// - get_listed: a directory or review site the answers cite when they do not name the business,
//   and the business is not on the cited page ("Get listed on X: cited in 7 of 12 answers that do
//   not name you"); check_listing when that is not known yet.
// - complete_listing: the business is on the site, but the page cited is not its page, or the
//   site is cited in answers that still do not name it: complete the page.
// - join_forum: a forum the answers cite when they do not name the business.
// - competitor: a competitor named in more answers than the business, with the sites cited with it.
// - search_gap: a search an assistant ran whose pages never held the business's site.

import type { SourceKind } from './kinds';

export type ListingStatus = 'listed' | 'not_listed' | 'unknown' | 'not_checked';

export type ActionKind =
  'get_listed' | 'check_listing' | 'complete_listing' | 'join_forum' | 'competitor' | 'search_gap';

export type SourceAction = {
  kind: ActionKind;
  /** The site the action is about (a competitor's site, or the search's engine, where none). */
  domain: string;
  text: string;
  /** The evidence: `answers` of `of` answers. */
  answers: number;
  of: number;
  /** More detail, behind a disclosure on the page (the pages cited, the search's words). */
  detail: string | null;
};

export type ActionSource = {
  domain: string;
  name: string;
  kind: SourceKind;
  answers: number;
  answersWithoutYou: number;
  /** The listing checks of the site's cited pages. */
  listings: readonly { status: ListingStatus; url: string }[];
  urls: readonly { url: string; answers: number }[];
};

export type ActionCompetitor = {
  name: string;
  mentions: number;
  /** The sites cited in the answers naming it, most first. */
  sites: readonly string[];
  website: string | null;
};

export type ActionSearch = { engine: string; query: string; answers: number };

export type PlanInput = {
  /** Answers in the period whose cited sites were counted, and those that did not name the business. */
  samples: number;
  withoutYou: number;
  /** Every answer in the period and those naming the business (the competitors' basis). */
  named: { samples: number; mentioned: number };
  sources: readonly ActionSource[];
  competitors: readonly ActionCompetitor[];
  searches: readonly ActionSearch[];
};

export const ACTIONS_KEPT = 10;

const ORDER: ActionKind[] = [
  'get_listed',
  'complete_listing',
  'check_listing',
  'competitor',
  'search_gap',
  'join_forum',
];

const inAnswers = (answers: number, of: number, what: string) =>
  `${answers} of ${of} ${of === 1 ? 'answer' : 'answers'}${what}`;

function sourceAction(source: ActionSource, input: PlanInput): SourceAction | null {
  const withoutYou = source.answersWithoutYou;
  const evidence = (text: string) => ({
    domain: source.domain,
    answers: withoutYou,
    of: input.withoutYou,
    detail: source.urls.length
      ? `Pages cited: ${source.urls.map((page) => `${page.url} (${page.answers})`).join(', ')}`
      : null,
    text,
  });
  const cited = `cited in ${inAnswers(withoutYou, input.withoutYou, ' that do not name you')}`;
  if (source.kind === 'forum') {
    if (!withoutYou) return null;
    return {
      kind: 'join_forum',
      ...evidence(`Take part in the threads on ${source.name}: ${cited}`),
    };
  }
  if (source.kind !== 'directory') return null;
  const listed = source.listings.some((listing) => listing.status === 'listed');
  const missing = source.listings.some((listing) => listing.status === 'not_listed');
  if (listed && missing)
    return {
      kind: 'complete_listing',
      ...evidence(
        `You are on ${source.name}, but your page is not the one cited: complete it (reviews, photos, hours)`,
      ),
      answers: source.answers,
      of: input.samples,
    };
  if (!withoutYou) return null;
  if (listed)
    return {
      kind: 'complete_listing',
      ...evidence(
        `You are on ${source.name}, ${cited}: complete your page (reviews, photos, hours)`,
      ),
    };
  if (missing) return { kind: 'get_listed', ...evidence(`Get listed on ${source.name}: ${cited}`) };
  return {
    kind: 'check_listing',
    ...evidence(`Make sure you are listed on ${source.name}: ${cited}`),
  };
}

/** The plan: every action with evidence, most answers first, at most ACTIONS_KEPT. */
export function actionPlan(input: PlanInput): SourceAction[] {
  const actions: SourceAction[] = [];
  for (const source of input.sources) {
    const action = sourceAction(source, input);
    if (action) actions.push(action);
  }
  for (const competitor of input.competitors) {
    const { samples, mentioned } = input.named;
    if (!competitor.mentions || competitor.mentions < mentioned) continue;
    const sites = competitor.sites.slice(0, 3);
    actions.push({
      kind: 'competitor',
      domain: competitor.website ?? competitor.name,
      text:
        `${competitor.name} is named in ${inAnswers(competitor.mentions, samples, '')}` +
        (sites.length ? `; the pages cited with it: ${sites.join(', ')}` : ''),
      answers: Math.min(competitor.mentions, samples),
      of: samples,
      detail: `You are named in ${inAnswers(mentioned, samples, '')}.`,
    });
  }
  for (const search of input.searches)
    actions.push({
      kind: 'search_gap',
      domain: search.engine,
      text: `${search.engine} searched '${search.query}' and your site was not among the pages it found: a page that answers it`,
      answers: search.answers,
      of: input.samples,
      detail: `Write a page on your site that answers "${search.query}" plainly, and link it from your home page.`,
    });
  return actions
    .sort(
      (a, b) =>
        b.answers / Math.max(1, b.of) - a.answers / Math.max(1, a.of) ||
        b.answers - a.answers ||
        ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) ||
        a.domain.localeCompare(b.domain),
    )
    .slice(0, ACTIONS_KEPT);
}
