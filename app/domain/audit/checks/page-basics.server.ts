import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import type { PageFacts } from '../page.server';
import type { EvidenceItem } from '../signals';
import { edgeBlockOf } from './edge-access.server';
import {
  hostOf,
  LIMITS,
  looksLikeHtml,
  pageUnavailable,
  snippet,
  type AuditContext,
  type GroupResults,
  type Result,
} from './shared.server';

// "Page basics": the home page loads, over https, with a title, a heading, a canonical address, a
// language, text without JavaScript, a sensible size and a quick answer.

/** The home page could not be used: every signal that needs it says why. */
export function homeProblem(home: FetchOutcome): string | null {
  if (!home.ok && home.code === 'too_large') {
    return `Your home page is ${home.error}, so we stopped reading it: AI crawlers do the same.`;
  }
  if (!home.ok) return `We could not reach ${hostOf(home.url)}: ${home.error}.`;
  const block = edgeBlockOf(home);
  if (block && 'kind' in block && block.kind === 'challenge') {
    return `Your site answered our visit with a bot challenge (${block.words}) instead of the page, so we could not check this. AI crawlers most likely get the same.`;
  }
  if (home.status >= 400) {
    return `Your home page answered with an error (HTTP ${home.status}), so we could not check this.`;
  }
  if (!looksLikeHtml(home)) {
    return `Your home page is not a web page (${home.contentType || 'no content type'}), so we could not check this.`;
  }
  return null;
}

export function checkHomePage(context: AuditContext): Result {
  const { fetches, problem, homeUrl } = context;
  const { home } = fetches;
  if (problem) {
    return {
      status: 'fail',
      evidence: { url: home.url, status: home.ok ? home.status : undefined },
      reason: problem,
    };
  }
  return {
    status: 'pass',
    evidence: {
      url: home.ok ? home.url : homeUrl,
      status: home.ok ? home.status : undefined,
      snippet: home.ok && home.chain.length > 1 ? home.chain.join(' → ') : undefined,
    },
    reason: 'Your home page loads.',
  };
}

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

export function basicsChecks(context: AuditContext): GroupResults<'basics'> {
  const { page } = context;
  const homePage = checkHomePage(context);
  if (!page) {
    const failed = pageUnavailable(context);
    return {
      home_page: homePage,
      https: failed,
      title_description: failed,
      h1: failed,
      canonical: failed,
      lang: failed,
      server_text: failed,
      page_weight: failed,
      response_time: failed,
    };
  }
  const { home, facts } = page;
  return {
    home_page: homePage,
    https: checkHttps(home),
    title_description: checkTitleDescription(facts),
    h1: checkH1(facts),
    canonical: checkCanonical(home, facts),
    lang: checkLang(facts),
    server_text: checkServerText(facts),
    page_weight: checkPageWeight(home),
    response_time: checkResponseTime(home),
  };
}
