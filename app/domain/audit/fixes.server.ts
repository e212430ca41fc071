import type { BusinessFacts } from './checks.server';
import { NO_SITE_FACTS, type SiteFacts } from './site-facts.server';
import { SIGNALS, type Fix, type SignalResult } from './signals';
import { contentSignalFix, directivesFix, edgeFix } from './fixes/access.server';
import {
  faqFix,
  jsonLdAdditions,
  jsonLdFix,
  llmsTxtFix,
  robotsFix,
  titleFix,
} from './fixes/files.server';
import { escapeHtml, origin } from './fixes/place.server';

export { countryCode, postalAddress, schemaTypeFor } from './fixes/place.server';
export { faqFix, jsonLdFix, llmsTxtFix, robotsFix, titleFix } from './fixes/files.server';
export { unreachableFix } from './fixes/unreachable.server';

// The fix for each signal that did not pass, written from the business's own record and from
// what the site already has (site-facts.server.ts): a fix changes what is there ("add sameAs to
// your existing Dentist markup", "remove nosnippet from this tag") rather than pasting a second,
// poorer copy beside it. The owner copies it into their site (or hands it to whoever runs the
// site). Nothing is invented: what the record does not hold is left for the owner to fill in,
// marked "ADD:", and named in the help text; generated files link only pages that exist.
// Each kind of fix lives in fixes/: place (the business's type, country, address and words),
// files (the blocks to paste), access (CDN blocks, content signals, directives), unreachable.

function fixFor(
  signal: SignalResult,
  business: BusinessFacts,
  signals: SignalResult[],
  facts: SiteFacts,
): Fix | null {
  const site = origin(business.website);
  const trainingBlocked = signals.find((s) => s.id === 'training_bots')?.status !== 'pass';
  switch (signal.id) {
    case 'home_page':
      return {
        signal: signal.id,
        title: 'Make sure your home page loads',
        kind: 'steps',
        text: `Open ${business.website} in a browser. If it does not load, ask your web host or web designer to fix it; until it loads, no assistant can read it.`,
      };
    case 'robots_txt':
    case 'answer_bots':
      return {
        signal: signal.id,
        title: 'Let AI assistants read your site',
        kind: 'code',
        text: robotsFix(false, facts.sitemapUrl),
        help: `These are robots.txt rules. Add these lines to the file at ${site}/robots.txt (create it as a plain text file if you have none). If the file has "User-agent: *" followed by "Disallow: /", this block still lets the assistants in; if it has a group of its own for one of these crawlers with "Disallow: /", delete that group.`,
      };
    case 'edge_access':
      return edgeFix(signal, business, facts);
    case 'content_signals':
      return contentSignalFix(signal, business, facts);
    case 'training_bots':
      return trainingBlocked
        ? {
            signal: signal.id,
            title: 'Let future AI models learn about your business',
            kind: 'code',
            text: robotsFix(true, facts.sitemapUrl),
            help: `Only if you want future AI models to know your business too: put these robots.txt rules in ${site}/robots.txt in place of the crawler rules you have now (keep any rules that close private folders)${facts.edge.some((verdict) => verdict.crawler.purpose === 'training' && verdict.block) ? ', and allow GPTBot and ClaudeBot in your CDN or firewall, which turns them away now' : ''}.`,
            optional: true,
          }
        : null;
    case 'robots_meta':
      return directivesFix(signal, facts.directives);
    case 'sitemap': {
      const pages = facts.pages.length ? facts.pages : [{ url: `${site}/`, name: 'Home' }];
      return {
        signal: signal.id,
        title: 'Give assistants a list of your pages',
        kind: 'code',
        text: [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...pages.map((page) => `  <url><loc>${escapeHtml(page.url)}</loc></url>`),
          '</urlset>',
        ].join('\n'),
        help: `This is a sitemap. Save it as ${site}/sitemap.xml, add a <url> line for each of your other pages, and add "Sitemap: ${site}/sitemap.xml" to robots.txt. Most website builders can make one for you.`,
      };
    }
    case 'llms_txt':
      return {
        signal: signal.id,
        title: 'Give AI assistants a short guide to your site',
        kind: 'code',
        text: llmsTxtFix(business, facts.pages),
        help: `This is an llms.txt file. Save it as a plain text file at ${site}/llms.txt; it lists only pages we found on your site, so add your other main pages under "## Pages". Optional: few AI crawlers ask for it yet, and Google does not use it.`,
        optional: true,
      };
    case 'structured_data':
    case 'nap_consistency': {
      const entity = facts.entity;
      if (entity && signal.id === 'nap_consistency' && entity.name && signal.status === 'fail') {
        return {
          signal: signal.id,
          title: 'Use the same business name on your site as on your dashboard',
          kind: 'code',
          text: `"name": ${JSON.stringify(business.name)}`,
          help: `Your page's ${entity.type} markup names "${entity.name}", your dashboard "${business.name}". Change "name" in that markup to this, or, if "${entity.name}" is the name your customers know, change it on your dashboard so both match.`,
        };
      }
      if (
        entity &&
        signal.id === 'nap_consistency' &&
        signal.status === 'warn' &&
        business.location
      ) {
        return {
          signal: signal.id,
          title: `Say on your home page that you serve ${business.location}`,
          kind: 'code',
          text: `<p>${escapeHtml(business.name)} serves customers in ${escapeHtml(business.location)}.</p>`,
          help: "Put a sentence like this in your home page's text (in your own words), so assistants connect you with your area.",
        };
      }
      if (entity) {
        return (
          jsonLdAdditions(business, entity, signal.id) ?? {
            signal: signal.id,
            title: 'Repair the business details machines cannot read',
            kind: 'steps',
            text: 'Ask whoever builds your site to fix or remove the block of business details on your home page that machines cannot read. Your main business details are complete; this other block only confuses them.',
            help: `For whoever builds the site: your ${entity.type} markup is complete, but another JSON-LD block on the page (a <script type="application/ld+json">) is not valid JSON, often a comma after the last property or a missing quote. Fix its syntax (a validator such as validator.schema.org shows where), or delete it if it repeats what the ${entity.type} markup says.`,
          }
        );
      }
      const { text, missing } = jsonLdFix(business);
      return {
        signal: signal.id,
        title:
          signal.id === 'structured_data'
            ? 'Tell assistants who you are, what you do and where'
            : 'Use the same name and location everywhere',
        kind: 'code',
        text,
        help: `This is a JSON-LD block (schema.org markup) describing your business. Paste it into your home page's <head>${signals.some((s) => s.id === 'structured_data' && s.evidence.snippet?.startsWith('Broken JSON-LD')) ? ', in place of the broken JSON-LD block' : ''}. Before you publish, add: ${missing.join('; ')}. Use exactly the name "${business.name}"${business.location ? ` and the location "${business.location}"` : ''} on your site and every profile.`,
      };
    }
    case 'faq':
      return {
        signal: signal.id,
        title: "Answer your customers' common questions on your site",
        kind: 'code',
        text: faqFix(business),
        help: 'Show these questions and answers on your page (edit them to match your business), and paste this FAQPage markup (JSON-LD) into the same page.',
        optional: true,
      };
    case 'https':
      return {
        signal: signal.id,
        title: 'Give your site a secure address',
        kind: 'steps',
        text: `Ask your web host to turn on HTTPS (most offer a free certificate) and to redirect http://${new URL(site).host} to https://${new URL(site).host}. Then update the website address on your dashboard.`,
      };
    case 'title_description': {
      const suggestion = titleFix(business);
      return {
        signal: signal.id,
        title: 'Give your home page a clear title and description',
        kind: 'code',
        text: `<title>${escapeHtml(suggestion.title)}</title>\n<meta name="description" content="${escapeHtml(suggestion.description)}">`,
        help: "Put these in your home page's <head>, in place of the ones there now.",
      };
    }
    case 'h1':
      return {
        signal: signal.id,
        title: 'Give your home page one main heading',
        kind: 'code',
        text: `<h1>${escapeHtml(titleFix(business).title.replace(' | ', ': '))}</h1>`,
        help: 'Use one h1 at the top of the page; turn any other h1 into h2.',
      };
    case 'canonical':
      return {
        signal: signal.id,
        title: 'Name your home page as its own preferred address',
        kind: 'code',
        text: `<link rel="canonical" href="${escapeHtml(site)}/">`,
        help: "This is a canonical link. Put it in your home page's <head>, in place of any other canonical link.",
      };
    case 'lang':
      return {
        signal: signal.id,
        title: 'Say which language your page is in',
        kind: 'code',
        text: '<html lang="en">',
        help: 'Change the opening <html> tag of your pages to this (use your language code if not English).',
      };
    case 'server_text':
      return {
        signal: signal.id,
        title: 'Put your main text in the page itself',
        kind: 'steps',
        text: `Make sure your home page says who you are, what you do${business.location ? ` and that you serve ${business.location}` : ''} in a few paragraphs that are there as soon as the page arrives, not added afterwards. Assistants read the page as it arrives.`,
        help: "For whoever builds the site: the page's HTML must already contain the text. If the site is built with a JavaScript framework, turn on server-side rendering (SSR) or pre-rendering.",
      };
    case 'page_weight':
      return {
        signal: signal.id,
        title: 'Make your home page lighter',
        kind: 'steps',
        text: 'Ask whoever builds your site to make your home page smaller, so assistants read all of it: under 500 KB.',
        help: 'For whoever builds the site: remove inline images and large embedded scripts or styles from the HTML and link to them as files instead; aim for under 500 KB of HTML.',
      };
    case 'response_time':
      return {
        signal: signal.id,
        title: 'Make your site answer faster',
        kind: 'steps',
        text: 'Ask your web host about caching or a content delivery network (CDN). Aim for your home page to answer within one second.',
      };
  }
}

/**
 * One fix per signal that did not pass (the robots.txt fix once, even if two signals need it):
 * those of failed checks first, then those that need attention, then the optional ones, each
 * group heaviest first.
 */
export function buildFixes(
  signals: SignalResult[],
  business: BusinessFacts,
  facts: SiteFacts = NO_SITE_FACTS,
): Fix[] {
  // A home page that does not load comes first: the other fixes cannot be checked until it does.
  const home = signals.find((signal) => signal.id === 'home_page');
  if (home && home.status === 'fail') {
    const fix = fixFor(home, business, signals, facts);
    return fix ? [fix] : [];
  }
  const rank = (signal: SignalResult, fix: Fix) =>
    (fix.optional ? 2 : signal.status === 'fail' ? 0 : 1) * 1000 - SIGNALS[signal.id].weight;
  const fixes: { fix: Fix; rank: number }[] = [];
  const seen = new Set<string>();
  for (const signal of signals) {
    if (signal.status === 'pass' || signal.status === 'not_checked') continue;
    const fix = fixFor(signal, business, signals, facts);
    if (!fix || seen.has(fix.text)) continue;
    seen.add(fix.text);
    fixes.push({ fix, rank: rank(signal, fix) });
  }
  return fixes.sort((a, b) => a.rank - b.rank).map((entry) => entry.fix);
}
