import robotsParser from 'robots-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { marked, type Tokens } from 'marked';
import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import { ANSWER_CRAWLERS, TRAINING_CRAWLERS, type Crawler } from './crawlers';
import {
  businessEntity,
  jsonLdEntities,
  jsonLdText,
  readPage,
  type JsonLdEntity,
  type PageFacts,
} from './page.server';
import { SIGNAL_IDS, type EvidenceItem, type SignalId, type SignalResult } from './signals';

// The checks behind every signal, on what was fetched. Pure: no network, no clock, no database, so
// each one is unit-tested on fixture files.

export type BusinessFacts = {
  name: string;
  website: string;
  location: string | null;
  industry: string | null;
  description: string | null;
};

export type SiteFetches = {
  home: FetchOutcome;
  /** null: not fetched, because the site could not be reached at all. */
  robots: FetchOutcome | null;
  sitemap: FetchOutcome | null;
  llms: FetchOutcome | null;
};

export const LIMITS = {
  /** HTML of the home page: at most this many bytes passes; up to the fetch cap (2 MB) warns. */
  pageBytesGood: 500 * 1024,
  /** Home page answer, redirects included: pass within the first, warn within the second. */
  responseMsGood: 1000,
  responseMsSlow: 3000,
  /** Words of visible text without JavaScript: pass from the first, warn from the second. */
  wordsGood: 100,
  wordsSome: 20,
  title: { min: 10, max: 70 },
  description: { min: 50, max: 170 },
} as const;

type Result = Omit<SignalResult, 'id'>;

const snippet = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
};

function bodyText(fetched: FetchSuccess): string {
  return fetched.body.toString('utf8').replace(/^\uFEFF/, '');
}

function looksLikeHtml(fetched: FetchSuccess): boolean {
  return (
    fetched.contentType.includes('html') || /^\s*(<!doctype html|<html)/i.test(bodyText(fetched))
  );
}

// ---------------------------------------------------------------------------------------------
// Crawler access

export type RobotsReading = {
  /** How crawlers treat the file: rules to follow, allow all (4xx), or stay away (5xx, no answer). */
  mode: 'rules' | 'allow_all' | 'disallow_all';
  parser: ReturnType<typeof robotsParser> | null;
  lines: string[];
  sitemaps: string[];
};

export function readRobots(robots: FetchOutcome | null, robotsUrl: string): RobotsReading {
  if (!robots || !robots.ok || robots.status >= 500) {
    // RFC 9309: an unreachable robots.txt (server error, no answer) means "crawl nothing".
    return { mode: 'disallow_all', parser: null, lines: [], sitemaps: [] };
  }
  if (robots.status >= 400) return { mode: 'allow_all', parser: null, lines: [], sitemaps: [] };
  const text = bodyText(robots);
  const parser = robotsParser(robotsUrl, text);
  return { mode: 'rules', parser, lines: text.split(/\r\n|\r|\n/), sitemaps: parser.getSitemaps() };
}

export function checkRobotsTxt(robots: FetchOutcome | null, robotsUrl: string): Result {
  if (!robots || !robots.ok) {
    return {
      status: 'fail',
      evidence: { url: robotsUrl },
      reason: `We could not load your robots.txt${robots && !robots.ok ? `: ${robots.error}` : ''}. Crawlers that cannot read it stay away.`,
    };
  }
  const evidence = { url: robots.url, status: robots.status };
  if (robots.status >= 500) {
    return {
      status: 'fail',
      evidence,
      reason: `Your robots.txt answers with a server error (HTTP ${robots.status}), which tells crawlers to stay away from the whole site.`,
    };
  }
  if (robots.status >= 400) {
    return {
      status: 'warn',
      evidence,
      reason:
        'You have no robots.txt. Crawlers may enter, but the file is where you welcome AI crawlers and point them to your sitemap.',
    };
  }
  if (looksLikeHtml(robots)) {
    return {
      status: 'fail',
      evidence: { ...evidence, snippet: snippet(bodyText(robots), 120) },
      reason:
        'Your robots.txt address shows a web page instead of a plain text file, so crawlers find no instructions in it.',
    };
  }
  return {
    status: 'pass',
    evidence: { ...evidence, snippet: snippet(bodyText(robots), 160) },
    reason: 'Your robots.txt is a plain text file crawlers can read.',
  };
}

/** "GPTBot/1.1" names GPTBot: the product token, lower-cased, as robots-parser matches it. */
function agentName(value: string): string {
  return value.split('/')[0]!.trim().toLowerCase();
}

/**
 * The line numbers (from 1) of the rules in groups whose User-agent lines name `token`, and whether
 * there is such a group at all. A group is its User-agent lines and the rules after them, up to the
 * next User-agent line that follows a rule (RFC 9309 2.1). Only used to explain a result: the
 * parser decides.
 */
function ownGroup(lines: string[], token: string): { exists: boolean; ruleLines: Set<number> } {
  const wanted = token.toLowerCase();
  const ruleLines = new Set<number>();
  let exists = false;
  let mine = false;
  let afterRule = true;
  lines.forEach((line, index) => {
    const agent = /^\s*user-agent\s*:\s*([^#\s]+)/i.exec(line);
    if (agent) {
      if (afterRule) mine = false;
      afterRule = false;
      if (agentName(agent[1]!) === wanted) {
        mine = true;
        exists = true;
      }
    } else if (/^\s*(allow|disallow)\s*:/i.test(line)) {
      afterRule = true;
      if (mine) ruleLines.add(index + 1);
    }
  });
  return { exists, ruleLines };
}

function crawlerItems(reading: RobotsReading, crawlers: readonly Crawler[], homeUrl: string) {
  return crawlers.map((crawler): EvidenceItem => {
    if (reading.mode === 'disallow_all') {
      return {
        label: crawler.token,
        ok: false,
        note: 'robots.txt unavailable: crawlers stay away',
      };
    }
    if (reading.mode === 'allow_all' || !reading.parser) {
      return { label: crawler.token, ok: true, note: 'allowed (no robots.txt)' };
    }
    const own = ownGroup(reading.lines, crawler.token);
    const lineNumber = reading.parser.getMatchingLineNumber(homeUrl, crawler.token);
    // A crawler with a group of its own never follows *, even when its group has no rules
    // (RFC 9309 2.2.1); robots-parser falls back to * for such a group, so that case is ours.
    if (own.exists && !own.ruleLines.has(lineNumber)) {
      return {
        label: crawler.token,
        ok: true,
        note: 'allowed: no rule in its own group covers the home page',
      };
    }
    const allowed = reading.parser.isAllowed(homeUrl, crawler.token) !== false;
    const rule = lineNumber > 0 ? reading.lines[lineNumber - 1]?.trim() : undefined;
    const group = own.exists ? 'its own group' : 'the group for all crawlers (*)';
    const note = rule
      ? `${allowed ? 'allowed' : 'blocked'} by line ${lineNumber} in ${group}: ${rule}`
      : `allowed: no rule in ${group} covers the home page`;
    return { label: crawler.token, ok: allowed, note };
  });
}

export function checkAnswerBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
): Result {
  const items = crawlerItems(reading, ANSWER_CRAWLERS, homeUrl);
  const blocked = items.filter((item) => !item.ok).map((item) => item.label);
  const evidence = {
    url: robotsUrl,
    items,
    snippet: items.find((item) => !item.ok)?.note,
  };
  if (blocked.length === 0) {
    return {
      status: 'pass',
      evidence,
      reason:
        'ChatGPT, Claude, Perplexity and Google can all read your home page for their answers.',
    };
  }
  return {
    status: 'fail',
    evidence,
    reason: `${blocked.join(', ')} ${blocked.length === 1 ? 'is' : 'are'} blocked, so ${blocked.length === 1 ? 'that assistant' : 'those assistants'} cannot read your site and will not recommend it from there.`,
  };
}

export function checkTrainingBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
): Result {
  const items = crawlerItems(reading, TRAINING_CRAWLERS, homeUrl);
  const blocked = items.filter((item) => !item.ok).map((item) => item.label);
  const evidence = { url: robotsUrl, items, snippet: items.find((item) => !item.ok)?.note };
  if (blocked.length === 0) {
    return {
      status: 'pass',
      evidence,
      reason: 'AI models may learn about your business from your site.',
    };
  }
  return {
    status: 'warn',
    evidence,
    reason: `You block ${blocked.length} training crawler${blocked.length === 1 ? '' : 's'} (${blocked.join(', ')}). That is a fair choice, but future AI models will know less about you.`,
  };
}

const BLOCKING_DIRECTIVES = ['noindex', 'none', 'noai', 'noimageai'];
const LIMITING_DIRECTIVES = ['nosnippet', 'max-snippet:0'];

function directives(content: string): string[] {
  // "googlebot: noindex, nofollow" (X-Robots-Tag) and "noindex,nofollow" alike.
  return content
    .toLowerCase()
    .replace(/^[a-z0-9_-]+\s*:\s*(?=[a-z])/i, (prefix) =>
      /^(max-|unavailable)/.test(prefix) ? prefix : '',
    )
    .split(/\s*,\s*/)
    .map((item) => item.replace(/\s+/g, ''))
    .filter(Boolean);
}

export function checkRobotsMeta(home: FetchSuccess, page: PageFacts): Result {
  const sources = [
    ...page.robotsMeta.map((meta) => ({ where: meta.tag, values: directives(meta.content) })),
    ...(home.headers['x-robots-tag']
      ? home.headers['x-robots-tag']
          .split(/,(?=\s*[a-z-]+\s*:)/i)
          .map((value) => value.trim())
          .map((value) => ({ where: `X-Robots-Tag: ${value}`, values: directives(value) }))
      : []),
  ];
  const blocking = sources.find((source) =>
    source.values.some((value) => BLOCKING_DIRECTIVES.includes(value)),
  );
  if (blocking) {
    return {
      status: 'fail',
      evidence: { url: home.url, status: home.status, snippet: blocking.where },
      reason:
        'Your home page tells search engines and AI tools not to use it ("noindex" or "noai"), so it cannot appear in their answers.',
    };
  }
  const limiting = sources.find((source) =>
    source.values.some((value) => LIMITING_DIRECTIVES.includes(value)),
  );
  if (limiting) {
    return {
      status: 'warn',
      evidence: { url: home.url, status: home.status, snippet: limiting.where },
      reason:
        'Your home page forbids snippets ("nosnippet"), so AI answers cannot quote it even when they find it.',
    };
  }
  return {
    status: 'pass',
    evidence: { url: home.url, status: home.status, snippet: sources[0]?.where },
    reason: 'Nothing on your home page tells AI tools to stay away.',
  };
}

// ---------------------------------------------------------------------------------------------
// Discovery

export function checkSitemap(
  sitemap: FetchOutcome | null,
  sitemapUrl: string,
  listedInRobots: boolean,
): Result {
  if (!sitemap || !sitemap.ok) {
    return {
      status: 'fail',
      evidence: { url: sitemapUrl },
      reason: `We could not load your sitemap${sitemap && !sitemap.ok ? `: ${sitemap.error}` : ''}.`,
    };
  }
  const evidence = { url: sitemap.url, status: sitemap.status };
  if (sitemap.status >= 300) {
    return {
      status: 'fail',
      evidence,
      reason: `You have no sitemap (HTTP ${sitemap.status}). A sitemap lists your pages so crawlers find all of them.`,
    };
  }
  const text = bodyText(sitemap);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return {
      status: 'fail',
      evidence: {
        ...evidence,
        snippet: `line ${valid.err.line}: ${valid.err.msg}`,
      },
      reason: 'Your sitemap is not valid XML, so crawlers cannot read the list of your pages.',
    };
  }
  const parsed = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true }).parse(
    text,
  ) as Record<string, unknown>;
  const root = parsed.urlset ?? parsed.sitemapindex;
  // An empty <urlset></urlset> parses as "": a sitemap, with nothing in it.
  if (root === undefined || (typeof root !== 'object' && root !== '')) {
    return {
      status: 'fail',
      evidence: { ...evidence, snippet: snippet(text, 120) },
      reason:
        'Your sitemap file is XML but not a sitemap (it needs a <urlset> or <sitemapindex> list).',
    };
  }
  const list = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {};
  const entries = list.url ?? list.sitemap;
  const count = Array.isArray(entries) ? entries.length : entries ? 1 : 0;
  const found = { ...evidence, snippet: `${count} ${count === 1 ? 'entry' : 'entries'}` };
  if (count === 0) {
    return { status: 'warn', evidence: found, reason: 'Your sitemap is valid but lists no pages.' };
  }
  if (!listedInRobots) {
    return {
      status: 'warn',
      evidence: found,
      reason:
        'Your sitemap works, but robots.txt does not mention it, so some crawlers will not find it.',
    };
  }
  return {
    status: 'pass',
    evidence: found,
    reason: 'Your sitemap lists your pages and robots.txt points crawlers to it.',
  };
}

export function checkLlmsTxt(llms: FetchOutcome | null, llmsUrl: string): Result {
  const optional = 'It is optional: Google says it does not need one.';
  if (!llms || !llms.ok || llms.status >= 300) {
    return {
      status: 'warn',
      evidence: { url: llmsUrl, status: llms?.ok ? llms.status : undefined },
      reason: `You have no llms.txt, a short summary of your site written for AI tools. ${optional}`,
    };
  }
  const text = bodyText(llms);
  const evidence = { url: llms.url, status: llms.status, snippet: snippet(text, 160) };
  if (looksLikeHtml(llms)) {
    return {
      status: 'warn',
      evidence,
      reason: `Your llms.txt address shows a web page, not the plain text file AI tools expect. ${optional}`,
    };
  }
  const tokens = marked.lexer(text);
  const firstHeading = tokens.find((token) => token.type === 'heading') as
    Tokens.Heading | undefined;
  const hasTitle = firstHeading?.depth === 1;
  const hasSummary = tokens.some((token) => token.type === 'blockquote');
  const hasLinks = tokens.some(
    (token) =>
      token.type === 'list' &&
      (token as Tokens.List).items.some((item) => /\[[^\]]+\]\([^)]+\)/.test(item.text)),
  );
  const items: EvidenceItem[] = [
    { label: 'Title (# Name)', ok: hasTitle, note: hasTitle ? firstHeading!.text : 'missing' },
    { label: 'Summary (> …)', ok: hasSummary, note: hasSummary ? 'present' : 'missing' },
    { label: 'Link lists', ok: hasLinks, note: hasLinks ? 'present' : 'missing' },
  ];
  if (hasTitle && hasSummary && hasLinks) {
    return {
      status: 'pass',
      evidence: { ...evidence, items },
      reason: 'Your llms.txt has a title, a summary and lists of links, as the proposal describes.',
    };
  }
  return {
    status: 'warn',
    evidence: { ...evidence, items },
    reason: `Your llms.txt is missing ${items
      .filter((item) => !item.ok)
      .map((item) => item.label.toLowerCase())
      .join(', ')}. ${optional}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Identity

function present(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(present);
  return value !== null && value !== undefined && value !== false;
}

const has = (entity: JsonLdEntity, ...keys: string[]) => keys.some((key) => present(entity[key]));

export const IDENTITY_FIELDS: { label: string; keys: string[]; required: boolean }[] = [
  { label: 'name', keys: ['name'], required: true },
  { label: 'address', keys: ['address'], required: true },
  { label: 'telephone', keys: ['telephone'], required: false },
  { label: 'url', keys: ['url'], required: false },
  {
    label: 'opening hours',
    keys: ['openingHoursSpecification', 'openingHours'],
    required: false,
  },
  { label: 'sameAs (your profiles elsewhere)', keys: ['sameAs'], required: false },
];

export function checkStructuredData(page: PageFacts): Result {
  const broken = page.jsonLd.filter((block) => !block.ok);
  const entity = businessEntity(jsonLdEntities(page.jsonLd));
  if (!entity) {
    return {
      status: 'fail',
      evidence: {
        snippet: broken[0] && !broken[0].ok ? `Broken JSON-LD: ${broken[0].error}` : undefined,
      },
      reason: broken.length
        ? 'Your page has business details for machines (JSON-LD), but they are broken, so AI tools cannot read them.'
        : 'Your page does not describe your business in a form machines read (JSON-LD LocalBusiness): AI tools have to guess your name, address and hours.',
    };
  }
  const items = IDENTITY_FIELDS.map((field) => ({
    label: field.label,
    ok: has(entity, ...field.keys),
    note: has(entity, ...field.keys)
      ? snippet(jsonLdText(entity[field.keys.find((key) => has(entity, key))!]), 80) || 'present'
      : 'missing',
  }));
  const evidence = { snippet: `@type: ${entity.types.join(', ')}`, items };
  const missing = items.filter((item) => !item.ok).map((item) => item.label);
  const missingRequired = IDENTITY_FIELDS.filter(
    (field) => field.required && !has(entity, ...field.keys),
  );
  if (missing.length === 0 && broken.length === 0) {
    return {
      status: 'pass',
      evidence,
      reason: `Your page describes your business (${entity.types[0]}) with everything AI tools look for.`,
    };
  }
  return {
    status: missingRequired.length ? 'fail' : 'warn',
    evidence,
    reason: missing.length
      ? `Your business details for machines leave out: ${missing.join(', ')}.`
      : 'One of your JSON-LD blocks is broken; the business details in the others are complete.',
  };
}

/** Lower-case words only, "&" as "and": "Bright-Smile  Dental & Co." ~ "bright smile dental and co". */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const contains = (haystack: string, needle: string) =>
  Boolean(needle) && ` ${normalizeName(haystack)} `.includes(` ${normalizeName(needle)} `);

/** The town of "Austin, TX" (the first part), which is what a page or address names. */
function town(location: string): string {
  return location.split(',')[0]!.trim();
}

export function checkNap(page: PageFacts, business: BusinessFacts): Result {
  const entity = businessEntity(jsonLdEntities(page.jsonLd));
  const pageText = [page.title ?? '', ...page.h1s, page.text].join(' ');
  const dataName = entity ? jsonLdText(entity.name) : '';
  const dataAddress = entity ? jsonLdText(entity.address) : '';
  const items: EvidenceItem[] = [];

  const nameMatchesData =
    dataName !== '' && (contains(dataName, business.name) || contains(business.name, dataName));
  const nameOnPage = contains(pageText, business.name);
  items.push({
    label: `Name "${business.name}"`,
    ok: nameMatchesData || (!dataName && nameOnPage),
    note: dataName
      ? nameMatchesData
        ? `matches the JSON-LD name "${dataName}"`
        : `the JSON-LD says "${dataName}"`
      : nameOnPage
        ? 'found in the page text'
        : 'not found on the page',
  });

  let locationFound: boolean | null = null;
  if (business.location) {
    const place = town(business.location);
    const inData = contains(dataAddress, place);
    locationFound = inData || contains(pageText, place);
    items.push({
      label: `Location "${business.location}"`,
      ok: locationFound,
      note: inData
        ? `in the JSON-LD address "${snippet(dataAddress, 80)}"`
        : locationFound
          ? 'found in the page text'
          : 'not found on the page',
    });
  }

  const evidence = { items, snippet: dataName ? `JSON-LD name: ${dataName}` : undefined };
  if (dataName && !nameMatchesData) {
    return {
      status: 'fail',
      evidence,
      reason: `Your website's business details name "${dataName}", but your dashboard says "${business.name}". AI tools trust a business whose name is the same everywhere.`,
    };
  }
  if (!nameMatchesData && !nameOnPage) {
    return {
      status: 'fail',
      evidence,
      reason: `Your home page never says "${business.name}", so AI tools cannot tell the site belongs to your business.`,
    };
  }
  if (locationFound === false) {
    return {
      status: 'warn',
      evidence,
      reason: `Your home page does not mention ${business.location}, so AI tools may not connect you with that area.`,
    };
  }
  return {
    status: 'pass',
    evidence,
    reason: business.location
      ? 'Your website names your business and location as your dashboard does.'
      : 'Your website names your business as your dashboard does. Add a location on the dashboard to check it too.',
  };
}

export function checkFaq(page: PageFacts): Result {
  const faq = jsonLdEntities(page.jsonLd).find((entity) => entity.types.includes('FAQPage'));
  if (faq) {
    const questions = Array.isArray(faq.mainEntity)
      ? faq.mainEntity.length
      : faq.mainEntity
        ? 1
        : 0;
    return {
      status: 'pass',
      evidence: { snippet: `FAQPage with ${questions} question${questions === 1 ? '' : 's'}` },
      reason: 'Your page marks up questions and answers, which assistants like to quote.',
    };
  }
  return {
    status: 'warn',
    evidence: {},
    reason:
      'Your page has no marked-up questions and answers (FAQPage). Assistants often answer with them.',
  };
}

// ---------------------------------------------------------------------------------------------
// Page basics

export function checkHttps(home: FetchSuccess): Result {
  const evidence = { url: home.url, status: home.status, snippet: home.chain.join(' → ') };
  if (new URL(home.url).protocol === 'https:') {
    return { status: 'pass', evidence, reason: 'Your site uses a secure https:// address.' };
  }
  return {
    status: 'fail',
    evidence,
    reason:
      'Your site answers on an insecure http:// address. Assistants and browsers prefer secure sites.',
  };
}

export function checkTitleDescription(page: PageFacts): Result {
  const { title, description } = page;
  const items: EvidenceItem[] = [
    {
      label: 'Title',
      ok: Boolean(title && title.length >= LIMITS.title.min && title.length <= LIMITS.title.max),
      note: title ? `"${snippet(title, 90)}" (${title.length} characters)` : 'missing',
    },
    {
      label: 'Description',
      ok: Boolean(
        description &&
        description.length >= LIMITS.description.min &&
        description.length <= LIMITS.description.max,
      ),
      note: description
        ? `"${snippet(description, 120)}" (${description.length} characters)`
        : 'missing',
    },
  ];
  const evidence = { items, snippet: title ? `<title>${snippet(title, 90)}</title>` : undefined };
  if (!title && !description) {
    return {
      status: 'fail',
      evidence,
      reason: 'Your home page has no title and no description, the first lines AI tools read.',
    };
  }
  if (items.every((item) => item.ok)) {
    return {
      status: 'pass',
      evidence,
      reason: 'Your home page has a clear title and description of a good length.',
    };
  }
  return {
    status: 'warn',
    evidence,
    reason: !title
      ? 'Your home page has no title.'
      : !description
        ? 'Your home page has no description (meta description).'
        : `Aim for a title of ${LIMITS.title.min}-${LIMITS.title.max} characters and a description of ${LIMITS.description.min}-${LIMITS.description.max}.`,
  };
}

export function checkH1(page: PageFacts): Result {
  const evidence = {
    snippet: page.h1s.length
      ? page.h1s.map((h1) => `<h1>${snippet(h1, 80)}</h1>`).join(' ')
      : undefined,
  };
  if (page.h1s.length === 1) {
    return { status: 'pass', evidence, reason: 'Your home page has one main heading.' };
  }
  if (page.h1s.length === 0) {
    return {
      status: 'fail',
      evidence,
      reason: 'Your home page has no main heading (h1) saying what the page is about.',
    };
  }
  return {
    status: 'warn',
    evidence,
    reason: `Your home page has ${page.h1s.length} main headings (h1); one makes the topic clear.`,
  };
}

function sameAddress(a: URL, b: URL) {
  const path = (url: URL) => url.pathname.replace(/\/+$/, '') || '/';
  return (
    a.protocol === b.protocol && a.host === b.host && path(a) === path(b) && a.search === b.search
  );
}

export function checkCanonical(home: FetchSuccess, page: PageFacts): Result {
  if (!page.canonical) {
    return {
      status: 'warn',
      evidence: { url: home.url },
      reason:
        'Your home page does not name its preferred address (canonical link), so copies of it can compete with it.',
    };
  }
  const evidence = {
    url: home.url,
    snippet: `<link rel="canonical" href="${snippet(page.canonical, 160)}">`,
  };
  let target: URL;
  try {
    target = new URL(page.canonical, home.url);
  } catch {
    return { status: 'fail', evidence, reason: 'Your canonical link is not a valid address.' };
  }
  if (sameAddress(target, new URL(home.url))) {
    return {
      status: 'pass',
      evidence,
      reason: 'Your home page names itself as its preferred address.',
    };
  }
  return {
    status: 'fail',
    evidence,
    reason: `Your home page says its real address is ${target.href}, so crawlers may skip it in favour of that one.`,
  };
}

export function checkLang(page: PageFacts): Result {
  if (page.lang && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(page.lang)) {
    return {
      status: 'pass',
      evidence: { snippet: `<html lang="${page.lang}">` },
      reason: 'Your page says which language it is in.',
    };
  }
  return {
    status: 'fail',
    evidence: { snippet: page.lang ? `<html lang="${page.lang}">` : undefined },
    reason: page.lang
      ? `"${page.lang}" is not a language code (such as "en" or "en-US").`
      : 'Your page does not say which language it is in (<html lang="…">).',
  };
}

export function checkServerText(page: PageFacts): Result {
  const evidence = { snippet: page.text ? snippet(page.text, 160) : undefined };
  const counted = `${page.wordCount} word${page.wordCount === 1 ? '' : 's'}`;
  if (page.wordCount >= LIMITS.wordsGood) {
    return {
      status: 'pass',
      evidence,
      reason: `Your page's text (${counted}) is in the HTML, so crawlers that do not run JavaScript read it.`,
    };
  }
  const script = page.scriptCount > 0;
  return {
    status: page.wordCount >= LIMITS.wordsSome ? 'warn' : 'fail',
    evidence,
    reason: script
      ? `Crawlers see only ${counted} on your page without JavaScript: most AI crawlers do not run scripts, so they miss what your page shows after loading.`
      : `Your page has only ${counted} of text, too little for AI tools to describe your business.`,
  };
}

export function checkPageWeight(home: FetchSuccess): Result {
  const kb = Math.round(home.body.length / 1024);
  const evidence = {
    url: home.url,
    snippet: `${kb} KB of HTML (${Math.round(home.wireBytes / 1024)} KB transferred)`,
  };
  if (home.body.length <= LIMITS.pageBytesGood) {
    return { status: 'pass', evidence, reason: 'Your page is a sensible size.' };
  }
  return {
    status: 'warn',
    evidence,
    reason: `Your page's HTML is ${kb} KB; crawlers may stop reading long before the end.`,
  };
}

export function checkResponseTime(home: FetchSuccess): Result {
  const evidence = { url: home.url, snippet: `${home.elapsedMs} ms` };
  if (home.elapsedMs <= LIMITS.responseMsGood) {
    return { status: 'pass', evidence, reason: 'Your site answered quickly.' };
  }
  return {
    status: home.elapsedMs <= LIMITS.responseMsSlow ? 'warn' : 'fail',
    evidence,
    reason: `Your site took ${(home.elapsedMs / 1000).toFixed(1)} s to answer; AI crawlers give up on slow sites.`,
  };
}

// ---------------------------------------------------------------------------------------------

/** Where robots.txt, the sitemap and llms.txt live for a home page at `homeUrl`. */
export function siteAddresses(homeUrl: string) {
  const origin = new URL(homeUrl).origin;
  return {
    robots: `${origin}/robots.txt`,
    sitemap: `${origin}/sitemap.xml`,
    llms: `${origin}/llms.txt`,
  };
}

/** The home page could not be used: every signal that needs it says why. */
function homeProblem(home: FetchOutcome): string | null {
  if (!home.ok && home.code === 'too_large') {
    return `Your home page is ${home.error}, so we stopped reading it: AI crawlers do the same.`;
  }
  if (!home.ok) return `We could not reach ${hostOf(home.url)}: ${home.error}.`;
  if (home.status >= 400) {
    return `Your home page answered with an error (HTTP ${home.status}), so we could not check this.`;
  }
  if (!looksLikeHtml(home)) {
    return `Your home page is not a web page (${home.contentType || 'no content type'}), so we could not check this.`;
  }
  return null;
}

/** Every signal, in the order of SIGNALS, from what was fetched. */
export function evaluate(fetches: SiteFetches, business: BusinessFacts): SignalResult[] {
  const { home } = fetches;
  const homeUrl = home.ok ? home.url : business.website;
  const addresses = siteAddresses(homeUrl);
  const problem = homeProblem(home);
  const results = new Map<SignalId, Result>();

  if (!home.ok && !fetches.robots) {
    // Not reachable at all: nothing else was fetched.
    const reason = problem!;
    for (const id of SIGNAL_IDS) {
      results.set(id, { status: 'fail', evidence: { url: home.url, snippet: home.error }, reason });
    }
    return SIGNAL_IDS.map((id) => ({ id, ...results.get(id)! }));
  }

  results.set(
    'home_page',
    problem
      ? {
          status: 'fail',
          evidence: { url: home.url, status: home.ok ? home.status : undefined },
          reason: problem,
        }
      : {
          status: 'pass',
          evidence: {
            url: home.ok ? home.url : homeUrl,
            status: home.ok ? home.status : undefined,
            snippet: home.ok && home.chain.length > 1 ? home.chain.join(' → ') : undefined,
          },
          reason: 'Your home page loads.',
        },
  );

  const reading = readRobots(fetches.robots, addresses.robots);
  results.set('robots_txt', checkRobotsTxt(fetches.robots, addresses.robots));
  results.set('answer_bots', checkAnswerBots(reading, addresses.robots, homeUrl));
  results.set('training_bots', checkTrainingBots(reading, addresses.robots, homeUrl));
  const sitemapUrl = reading.sitemaps[0] ?? addresses.sitemap;
  results.set('sitemap', checkSitemap(fetches.sitemap, sitemapUrl, reading.sitemaps.length > 0));
  results.set('llms_txt', checkLlmsTxt(fetches.llms, addresses.llms));

  const pageSignals: SignalId[] = [
    'robots_meta',
    'structured_data',
    'nap_consistency',
    'faq',
    'https',
    'title_description',
    'h1',
    'canonical',
    'lang',
    'server_text',
    'page_weight',
    'response_time',
  ];
  if (problem || !home.ok) {
    for (const id of pageSignals) {
      results.set(id, {
        status: 'fail',
        evidence: { url: home.url, status: home.ok ? home.status : undefined },
        reason: problem ?? '',
      });
    }
  } else {
    const page = readPage(bodyText(home));
    results.set('robots_meta', checkRobotsMeta(home, page));
    results.set('structured_data', checkStructuredData(page));
    results.set('nap_consistency', checkNap(page, business));
    results.set('faq', checkFaq(page));
    results.set('https', checkHttps(home));
    results.set('title_description', checkTitleDescription(page));
    results.set('h1', checkH1(page));
    results.set('canonical', checkCanonical(home, page));
    results.set('lang', checkLang(page));
    results.set('server_text', checkServerText(page));
    results.set('page_weight', checkPageWeight(home));
    results.set('response_time', checkResponseTime(home));
  }
  return SIGNAL_IDS.map((id) => ({ id, ...results.get(id)! }));
}
