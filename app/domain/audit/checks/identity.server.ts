import {
  businessEntity,
  jsonLdEntities,
  jsonLdText,
  type JsonLdEntity,
  type PageFacts,
} from '../page.server';
import type { EvidenceItem } from '../signals';
import {
  pageUnavailable,
  snippet,
  type AuditContext,
  type BusinessFacts,
  type GroupResults,
  type Result,
} from './shared.server';

// "Do they understand who you are?": the business details in JSON-LD, whether the page names the
// business and its location as the dashboard does, and marked-up questions and answers.

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

export function identityChecks(context: AuditContext): GroupResults<'identity'> {
  const { page, business } = context;
  if (!page) {
    const failed = pageUnavailable(context);
    return { structured_data: failed, nap_consistency: failed, faq: failed };
  }
  return {
    structured_data: checkStructuredData(page.facts),
    nap_consistency: checkNap(page.facts, business),
    faq: checkFaq(page.facts),
  };
}
