import { ANSWER_CRAWLERS } from '../../agents/crawlers.server';
import type { FoundDirective } from '../checks/page-directives.server';
import type { BusinessFacts } from '../checks.server';
import { UA_NOT_IP } from '../checks/edge-access.server';
import type { SiteFacts } from '../site-facts.server';
import type { Fix, SignalResult } from '../signals';
import { listOf, origin } from './place.server';

// The fixes for what turns crawlers away outside the page's text: a CDN or firewall block, a
// content signal that refuses answers, a noindex or nosnippet directive.

/** The edge fix: where such blocks are set, that robots.txt cannot undo them, whom to let in. */
export function edgeFix(signal: SignalResult, business: BusinessFacts, facts: SiteFacts): Fix {
  const host = new URL(business.website).host;
  const turnedAway = facts.edge.filter(
    (verdict) => verdict.crawler.purpose !== 'training' && (verdict.block || verdict.robots),
  );
  const named = turnedAway.length
    ? turnedAway.map(
        (verdict) => `${verdict.crawler.token} (${verdict.block?.words ?? verdict.robots})`,
      )
    : (signal.evidence.items
        ?.filter(
          (item) =>
            !item.ok &&
            !item.label.endsWith('(training)') &&
            item.label !== 'Our browser-like visit',
        )
        .map((item) => item.label) ?? []);
  const tokens = turnedAway.length
    ? turnedAway.map((verdict) => verdict.crawler.token)
    : ANSWER_CRAWLERS.filter((crawler) => crawler.userAgent).map((crawler) => crawler.token);
  const payment = turnedAway.some((verdict) => verdict.block?.kind === 'payment');
  return {
    signal: signal.id,
    title: "Stop your hosting's security settings from turning AI assistants away",
    kind: 'steps',
    text: [
      `${host} ${signal.status === 'fail' ? `turns away ${listOf(named)}` : 'may be turning AI crawlers away'} before they reach your pages, while browsers get them. The block is set outside your website's files, so robots.txt cannot undo it. Look in:`,
      '- Cloudflare: Security → Bots and AI Crawl Control. Turn off "Block AI bots" (or allow these crawlers) and make sure Bot Fight Mode or a custom rule does not challenge them.' +
        (payment ? ' A 402 means Pay per crawl charges them: set these crawlers to Allow.' : ''),
      '- Other CDNs and hosts (Akamai, Fastly, Vercel, Netlify, your web host): the bot management or firewall (WAF) rules that block or challenge these user agents.',
      '- WordPress security plugins (Wordfence, Sucuri, All-In-One Security, Jetpack): their bot blocking and rate limiting settings.',
      `Allow at least: ${tokens.join(', ')}. Blocking GPTBot and ClaudeBot (training) stays your choice.`,
    ].join('\n'),
    help: `Send this to whoever runs your hosting or CDN (content delivery network). ${UA_NOT_IP} If your firewall allows crawlers by address, use the IP ranges each company publishes (OpenAI, Anthropic and Perplexity list theirs in their crawler documentation).`,
  };
}

/** The content-signal fix: the same line with the answers allowed, the training choice kept. */
export function contentSignalFix(
  signal: SignalResult,
  business: BusinessFacts,
  facts: SiteFacts,
): Fix {
  const site = origin(business.website);
  const against = [facts.preferences['ai-input'], facts.preferences.search].find(
    (preference) => preference && !preference.allowed,
  );
  const train = facts.preferences['ai-train'];
  const ietf = against?.text.toLowerCase().includes('content-usage');
  const trainNo = train ? !train.allowed : true;
  const text = ietf
    ? `Content-Usage: search=y, ai-use=y, train-ai=${trainNo ? 'n' : 'y'}`
    : `Content-Signal: search=yes, ai-input=yes, ai-train=${trainNo ? 'no' : 'yes'}`;
  const where = against?.source.startsWith('the Content-Usage header')
    ? 'Ask your web host to send this Content-Usage header instead of the one your home page sends now.'
    : `In ${site}/robots.txt, replace ${against ? `"${against.text}" (${against.source.replace(/^robots\.txt /, '')})` : 'the Content-Signal line'} with this line.`;
  return {
    signal: signal.id,
    title: 'Let assistants use your text in their answers',
    kind: 'code',
    text,
    help: `This is a content signal, which tells AI assistants what they may do with your text. ${where} If your CDN writes robots.txt for you (Cloudflare's managed robots.txt does), change the setting there instead: your edits to the file would be overwritten. "ai-train" stays as you chose it.`,
  };
}

/**
 * The page-directive fix: each limiting directive, where it is and what to do about it. The new
 * tags are the code to copy; a header or an attribute to remove is a step, in words.
 */
export function directivesFix(signal: SignalResult, directives: FoundDirective[]): Fix {
  const title = 'Let search engines and assistants show and quote your home page';
  const counted = directives.filter((found) => !found.training);
  if (counted.length === 0) {
    return {
      signal: signal.id,
      title,
      kind: 'code',
      text: '<meta name="robots" content="index, follow">',
      help: 'Your page tells search engines and assistants to leave it out or not to quote it ("noindex" or "nosnippet"). Replace the robots tag in your page\'s <head> with this one, and ask your web host to remove any X-Robots-Tag header that says noindex, nosnippet or noarchive.',
    };
  }
  const steps: string[] = [];
  const newTags: string[] = [];
  const metaTags = [
    ...new Set(counted.filter((found) => found.source === 'meta').map((found) => found.where)),
  ];
  for (const tag of metaTags) {
    const replacement = `<meta name="${tag.match(/name="([^"]+)"/i)?.[1] ?? 'robots'}" content="index, follow">`;
    if (!newTags.includes(replacement)) newTags.push(replacement);
    steps.push(`Replace ${tag} with ${replacement}.`);
  }
  const headers = [
    ...new Set(counted.filter((found) => found.source === 'header').map((found) => found.where)),
  ];
  for (const header of headers) {
    steps.push(
      `Stop sending the header "${header}" (your web host, CDN header rules or SEO plugin adds it).`,
    );
  }
  for (const found of counted.filter((item) => item.source === 'element')) {
    steps.push(`Remove data-nosnippet from the ${found.where}.`);
  }
  const names = [...new Set(counted.map((found) => `"${found.directive}"`))];
  const why = `Your home page says ${listOf(names)}: ${names.length === 1 ? 'it tells' : 'these tell'} search engines and assistants to leave your page out or not to quote it. Directives addressed only to training crawlers (GPTBot, Google-Extended) can stay.`;
  return newTags.length
    ? {
        signal: signal.id,
        title,
        kind: 'code',
        text: newTags.join('\n'),
        help: `${steps.join(' ')} ${why}`,
      }
    : { signal: signal.id, title, kind: 'steps', text: steps.join('\n'), help: why };
}
