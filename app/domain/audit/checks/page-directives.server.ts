import type { FetchSuccess } from '~/lib/safe-fetch.server';
import { CRAWLERS } from '../../agents/crawlers.server';
import type { PageFacts } from '../page.server';
import { productToken } from '../../agents/tokens';
import type { EvidenceItem } from '../signals';
import { snippet, type BusinessFacts, type Result } from './shared.server';

// "Can AI crawlers get in?", asked of the page: what its robots meta tags (for all crawlers or one
// by name), its X-Robots-Tag header and its data-nosnippet marks allow an answer to use.
//
// - out of answers: noindex / none (not listed at all), noai, nosnippet and max-snippet:0
//   (nothing may be quoted; Google leaves such pages out of AI Overviews and AI Mode), noarchive
//   (Bing leaves the page out of Copilot's answers, unless nocache is there too).
// - limited: nocache (Copilot shows only the link, title and snippet), a short max-snippet, and
//   data-nosnippet on the text that matters (the business's name, the main heading, or most of
//   the page).
// A directive addressed only to a training crawler (GPTBot, Google-Extended, …) is the owner's
// choice and reported as such.

export type Severity = 'out' | 'limited';

export type FoundDirective = {
  /** The directive as written: "nosnippet", "max-snippet:20". */
  directive: string;
  severity: Severity;
  /** Where: the tag or header as written. */
  where: string;
  /** Which kind of source, for the fix: a meta tag, the header or a data-nosnippet element. */
  source: 'meta' | 'header' | 'element';
  /** The crawler it is addressed to ("googlebot"), or null for all crawlers. */
  crawler: string | null;
  /** Addressed only to a training crawler: the owner's choice, not counted. */
  training: boolean;
  /** What it does, in plain words. */
  effect: string;
};

const SHORT_SNIPPET = 100;

function effectOf(directive: string, all: string[]): { severity: Severity; effect: string } | null {
  const maxSnippet = /^max-snippet:(-?\d+)$/.exec(directive);
  if (maxSnippet) {
    const length = Number(maxSnippet[1]);
    if (length === 0) return { severity: 'out', effect: 'nothing on the page may be quoted' };
    if (length > 0 && length < SHORT_SNIPPET) {
      return { severity: 'limited', effect: `quotes are cut to ${length} characters` };
    }
    return null;
  }
  switch (directive) {
    case 'noindex':
    case 'none':
      return { severity: 'out', effect: 'the page is kept out of search and AI answers' };
    case 'noai':
      return { severity: 'out', effect: 'AI tools are asked not to use the page' };
    case 'nosnippet':
      return {
        severity: 'out',
        effect: 'nothing may be quoted, and Google leaves the page out of AI Overviews',
      };
    case 'noarchive':
      // Bing reads noarchive with nocache as nocache.
      return all.includes('nocache')
        ? null
        : { severity: 'out', effect: 'Microsoft Copilot leaves the page out of its answers' };
    case 'nocache':
      return {
        severity: 'limited',
        effect: 'Microsoft Copilot shows only the link, title and snippet',
      };
    default:
      return null;
  }
}

/**
 * "googlebot: noindex, nofollow" (X-Robots-Tag) and "noindex,nofollow" alike: the crawler named,
 * if any, and the directives, lower-cased, without spaces.
 */
export function directives(content: string): { crawler: string | null; values: string[] } {
  const named = /^\s*([a-z0-9_-]+)\s*:\s*(?=[a-z])/i.exec(content);
  const crawler = named && !/^(max-|unavailable)/i.test(named[1]!) ? named[1]!.toLowerCase() : null;
  const rest = crawler ? content.slice(named![0].length) : content;
  return {
    crawler,
    values: rest
      .toLowerCase()
      .split(/\s*,\s*/)
      .map((item) => item.replace(/\s+/g, ''))
      .filter(Boolean),
  };
}

const TRAINING_TOKENS = new Set(
  CRAWLERS.filter((crawler) => crawler.purpose === 'training').map((crawler) =>
    productToken(crawler.token),
  ),
);

/** Text that matters: names the business, is the main heading, or is most of the page. */
function mattersIn(text: string, page: PageFacts, business: BusinessFacts | undefined) {
  const lower = text.toLowerCase();
  if (!lower) return false;
  if (business && lower.includes(business.name.toLowerCase())) return true;
  if (page.h1s.some((h1) => h1 && lower.includes(h1.toLowerCase()))) return true;
  return page.wordCount > 0 && text.split(' ').length >= page.wordCount * 0.3;
}

/** Every directive on the home page that limits what an answer can use, and where it is. */
export function pageDirectives(
  home: FetchSuccess,
  page: PageFacts,
  business?: BusinessFacts,
): FoundDirective[] {
  const sources: {
    where: string;
    source: 'meta' | 'header';
    crawler: string | null;
    values: string[];
  }[] = [
    ...page.robotsMeta.map((meta) => ({
      where: meta.tag,
      source: 'meta' as const,
      crawler: meta.name === 'robots' ? null : meta.name,
      values: directives(meta.content).values,
    })),
    // Several X-Robots-Tag headers arrive joined by ", ": a new one starts at "name: ".
    ...(home.headers['x-robots-tag'] ?? '')
      .split(/,(?=\s*[a-z0-9_-]+\s*:\s*[a-z])/i)
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => ({
        where: `X-Robots-Tag: ${value}`,
        source: 'header' as const,
        ...directives(value),
      })),
  ];
  const found: FoundDirective[] = [];
  for (const source of sources) {
    for (const directive of source.values) {
      const effect = effectOf(directive, source.values);
      if (!effect) continue;
      found.push({
        directive,
        ...effect,
        where: source.where,
        source: source.source,
        crawler: source.crawler,
        training: source.crawler !== null && TRAINING_TOKENS.has(source.crawler),
      });
    }
  }
  for (const element of page.noSnippet) {
    if (!mattersIn(element.text, page, business)) continue;
    found.push({
      directive: 'data-nosnippet',
      severity: 'limited',
      where: `${element.tag} around "${snippet(element.text, 60)}"`,
      source: 'element',
      crawler: null,
      training: false,
      effect: 'search engines and assistants may not quote that text',
    });
  }
  return found;
}

const sourceWords = (found: FoundDirective) =>
  found.source === 'header'
    ? 'the X-Robots-Tag header'
    : found.source === 'element'
      ? 'a data-nosnippet mark'
      : found.crawler
        ? `a meta tag for ${found.crawler}`
        : 'the robots meta tag';

export function checkRobotsMeta(
  home: FetchSuccess,
  page: PageFacts,
  business?: BusinessFacts,
): Result {
  const found = pageDirectives(home, page, business);
  const items: EvidenceItem[] = found.map((item) => ({
    label: item.directive,
    ok: item.training,
    note: `in ${item.where}: ${item.training ? `for a training crawler only, your choice (${item.effect})` : item.effect}`,
  }));
  const counted = found.filter((item) => !item.training);
  // The strongest first: not listed at all, then not for AI, then not quotable, then Copilot.
  const strength = (item: FoundDirective) =>
    ['noindex', 'none', 'noai', 'nosnippet', 'max-snippet:0'].indexOf(item.directive) >>> 0;
  const out = counted
    .filter((item) => item.severity === 'out')
    .sort((a, b) => strength(a) - strength(b));
  const limited = counted.filter((item) => item.severity === 'limited');
  const deciding = out[0] ?? limited[0];
  const evidence = {
    url: home.url,
    status: home.status,
    snippet: deciding?.where ?? page.robotsMeta[0]?.tag,
    items: items.length ? items : undefined,
  };
  const said = (list: FoundDirective[]) =>
    [...new Set(list.map((item) => `"${item.directive}" (${sourceWords(item)})`))].join(', ');
  if (out.length) {
    return {
      status: 'fail',
      evidence,
      // "noindex" (or "none", "noai") for every crawler: the page is in no index and no answer.
      ...(out.some(
        (item) => item.crawler === null && ['noindex', 'none', 'noai'].includes(item.directive),
      )
        ? { shutsOut: true }
        : {}),
      reason: `Your home page says ${said(out)}: ${out[0]!.effect}. AI answers cannot quote a page that says so.${limited.length ? ` It also says ${said(limited)}.` : ''}`,
    };
  }
  if (limited.length) {
    return {
      status: 'warn',
      evidence,
      reason: `Your home page says ${said(limited)}: ${limited[0]!.effect}. Answers can use less of it.`,
    };
  }
  return {
    status: 'pass',
    evidence,
    reason: found.length
      ? 'Nothing on your home page stops AI answers from quoting it; the directives for training crawlers are your choice.'
      : 'Nothing on your home page stops AI answers from quoting it.',
  };
}
