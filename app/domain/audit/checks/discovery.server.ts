import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { marked, type Tokens } from 'marked';
import type { FetchOutcome } from '~/lib/safe-fetch.server';
import { SIGNALS, type EvidenceItem } from '../signals';
import {
  bodyText,
  looksLikeHtml,
  snippet,
  type AuditContext,
  type GroupResults,
  type Result,
} from './shared.server';

// "Can they find your pages?": the sitemap (the one robots.txt names, or the usual address) and
// llms.txt.

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
  const optional = `It is optional and weighs little (${SIGNALS.llms_txt.weight} of 100 points): few AI crawlers ask for it yet, and Google says it does not need one.`;
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
      reason: `Your llms.txt has a title, a summary and lists of links, as the proposal describes. It weighs little (${SIGNALS.llms_txt.weight} of 100 points): few AI crawlers ask for it yet.`,
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

export function discoveryChecks(context: AuditContext): GroupResults<'discovery'> {
  const { fetches, addresses, robots } = context;
  const sitemapUrl = robots.sitemaps[0] ?? addresses.sitemap;
  return {
    sitemap: checkSitemap(fetches.sitemap, sitemapUrl, robots.sitemaps.length > 0),
    llms_txt: checkLlmsTxt(fetches.llms, addresses.llms),
  };
}
