// Is the business on a page? Read from the page's HTML (htmlparser2, as the audit reads pages):
// its name or a variant of it in the page's text, its phone, or a link to its site. Pure.
//
// A variant: the name without "The" and legal forms ("Moreno Plumbing LLC" → "Moreno Plumbing"),
// "&" and "and" alike, possessives with or without the apostrophe (reading/names.ts). A name of
// one ordinary word is too weak alone ("Reliable"): it needs the phone or the link.

import { parseDocument } from 'htmlparser2';
import { findAll, getAttributeValue } from 'domutils';
import { siteOf } from '../reading/domains';
import { nameCore, sameWords, wordTokens, type WordToken } from '../reading/names';

export type ListingEvidence = 'name' | 'phone' | 'link';

export type ListingMatch = {
  listed: boolean;
  /** What was found, strongest first. */
  found: ListingEvidence[];
};

export type ListedBusiness = {
  name: string;
  website: string | null;
  /** Phones in any form ("+1 512 555 0100", "(512) 555-0100"); compared by their last 10 digits. */
  phones: readonly string[];
};

/** The digits a phone is compared by: the last ten (national numbers without the country code). */
export function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

function containsName(text: WordToken[], name: WordToken[]): boolean {
  if (!name.length) return false;
  for (let start = 0; start + name.length <= text.length; start += 1)
    if (sameWords(text.slice(start, start + name.length), name)) return true;
  return false;
}

const PHONE_LIKE = /\+?\d[\d\s().-]{6,}\d/g;

export function findBusiness(html: string, business: ListedBusiness): ListingMatch {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  const text = pageText(document);
  const hrefs = findAll((element) => element.name === 'a', document.children).map(
    (link) => getAttributeValue(link, 'href') ?? '',
  );
  const found: ListingEvidence[] = [];

  const core = nameCore(wordTokens(business.name));
  // One short word ("Ace") is found on too many pages to prove anything alone.
  const strongName = core.length > 1 || (core[0]?.norm.length ?? 0) > 4;
  if (strongName && containsName(wordTokens(text), core)) found.push('name');

  const wanted = new Set(business.phones.map(phoneDigits).filter((d): d is string => !!d));
  if (wanted.size) {
    const phones = [
      ...hrefs.filter((href) => /^tel:/i.test(href)).map((href) => href.slice(4)),
      ...(text.match(PHONE_LIKE) ?? []),
    ];
    if (phones.some((phone) => wanted.has(phoneDigits(phone) ?? ''))) found.push('phone');
  }

  const ownSite = business.website ? siteOf(business.website) : null;
  if (ownSite) {
    const linked = hrefs.some((href) => /^https?:\/\//i.test(href) && siteOf(href) === ownSite);
    // Directories often print the address as text rather than link it.
    const printed = new RegExp(`(^|[^a-z0-9.-])(www\\.)?${escape(ownSite)}(?![a-z0-9-])`, 'i');
    if (linked || printed.test(text)) found.push('link');
  }
  return { listed: found.length > 0, found };
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The page's visible text: every text node outside scripts, styles and templates. */
function pageText(document: ReturnType<typeof parseDocument>): string {
  const parts: string[] = [];
  const hidden = new Set(['script', 'style', 'noscript', 'template', 'head']);
  const walk = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push((node as { data: string }).data);
      else if ('children' in node && !hidden.has((node as { name?: string }).name ?? ''))
        walk((node as { children: ReturnType<typeof parseDocument>['children'] }).children);
    }
  };
  walk(document.children);
  return parts.join(' ');
}
