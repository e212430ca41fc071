import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getAttributeValue, textContent } from 'domutils';
import type { ChildNode, Element } from 'domhandler';
import { CRAWLERS } from '../agents/crawlers.server';
import { productToken } from '../agents/tokens';

// What the audit reads from a home page's HTML (htmlparser2, the parser cheerio is built on): the
// head tags, the headings, the JSON-LD blocks and the text a crawler sees without running scripts.

export type JsonLdBlock =
  { ok: true; value: unknown; source: string } | { ok: false; error: string; source: string };

export type PageFacts = {
  title: string | null;
  description: string | null;
  /** `<meta name="robots|googlebot|GPTBot|…">` tags: the name, content and the tag as written. */
  robotsMeta: { name: string; content: string; tag: string }[];
  /** Elements marked `data-nosnippet` (text search engines may not quote): the tag and its text. */
  noSnippet: { tag: string; text: string }[];
  /** Links on the page: the address as written and the link's text. */
  links: { href: string; text: string }[];
  h1s: string[];
  canonical: string | null;
  lang: string | null;
  jsonLd: JsonLdBlock[];
  /** The visible text of the body, scripts and styles left out, whitespace collapsed. */
  text: string;
  wordCount: number;
  scriptCount: number;
};

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function visibleText(nodes: ChildNode[], out: string[]) {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.data);
    else if (isElement(node) && !HIDDEN.has(node.name) && !('hidden' in node.attribs)) {
      visibleText(node.children, out);
      // Block boundaries separate words ("<p>a</p><p>b</p>" is "a b").
      out.push(' ');
    }
  }
}

/** `<meta name="robots" content="noindex">` as written, shortened for evidence. */
function tagSource(element: Element): string {
  const attributes = Object.entries(element.attribs)
    .map(([key, value]) => `${key}="${value}"`)
    .join(' ');
  return `<${element.name} ${attributes}>`.slice(0, 300);
}

/** Meta tags that speak to crawlers: "robots" (all of them), or one crawler by its token. */
const ROBOTS_META_NAMES = new Set([
  'robots',
  'googlebot-news',
  'msnbot',
  ...CRAWLERS.map((crawler) => productToken(crawler.token)),
]);

export function readPage(html: string): PageFacts {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  const elements = (name: string) => findAll((element) => element.name === name, document.children);
  const first = (test: (element: Element) => boolean) => findOne(test, document.children, true);

  const titleElement = first((element) => element.name === 'title');
  const metas = elements('meta');
  const metaNamed = (name: string) =>
    metas.find((meta) => (getAttributeValue(meta, 'name') ?? '').toLowerCase() === name);
  const descriptionTag = metaNamed('description');

  const robotsMeta = metas
    .filter((meta) => ROBOTS_META_NAMES.has((getAttributeValue(meta, 'name') ?? '').toLowerCase()))
    .map((meta) => ({
      name: (getAttributeValue(meta, 'name') ?? '').toLowerCase(),
      content: getAttributeValue(meta, 'content') ?? '',
      tag: tagSource(meta),
    }));

  const canonicalLink = elements('link').find((link) =>
    (getAttributeValue(link, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  const htmlElement = first((element) => element.name === 'html');

  const scripts = elements('script');
  const jsonLd: JsonLdBlock[] = scripts
    .filter((script) =>
      /^application\/ld\+json\b/i.test((getAttributeValue(script, 'type') ?? '').trim()),
    )
    .map((script) => {
      const source = textContent(script).trim();
      try {
        return { ok: true, value: JSON.parse(source) as unknown, source };
      } catch (error) {
        return { ok: false, error: (error as Error).message, source };
      }
    });

  const noSnippet = findAll(
    (element) => 'data-nosnippet' in element.attribs,
    document.children,
  ).map((element) => ({
    tag: `<${element.name} data-nosnippet>`,
    text: collapse(textContent(element)),
  }));
  const links = elements('a')
    .map((link) => ({
      href: (getAttributeValue(link, 'href') ?? '').trim(),
      text: collapse(textContent(link)),
    }))
    .filter((link) => link.href);

  const body = first((element) => element.name === 'body');
  const parts: string[] = [];
  visibleText(body ? body.children : document.children, parts);
  const text = collapse(parts.join(''));

  return {
    title: titleElement ? collapse(textContent(titleElement)) || null : null,
    description: descriptionTag
      ? collapse(getAttributeValue(descriptionTag, 'content') ?? '') || null
      : null,
    robotsMeta,
    noSnippet,
    links,
    h1s: elements('h1').map((h1) => collapse(textContent(h1))),
    canonical: canonicalLink
      ? (getAttributeValue(canonicalLink, 'href') ?? '').trim() || null
      : null,
    lang: htmlElement ? (getAttributeValue(htmlElement, 'lang') ?? '').trim() || null : null,
    jsonLd,
    text,
    wordCount: text ? text.split(' ').length : 0,
    scriptCount: scripts.length - jsonLd.length,
  };
}

// ---------------------------------------------------------------------------------------------
// JSON-LD: the business entity in whatever shape sites write it (one object, an array, @graph).

export type JsonLdEntity = Record<string, unknown> & { types: string[] };

/** "https://schema.org/Dentist", "schema:Dentist" and "Dentist" are all "Dentist". */
function typeNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.split(/[/:#]/).pop() ?? item);
}

/** Every typed object in the blocks, nested ones included. */
export function jsonLdEntities(blocks: JsonLdBlock[]): JsonLdEntity[] {
  const found: JsonLdEntity[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 8 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = typeNames(record['@type']);
    if (types.length) found.push({ ...record, types });
    for (const [key, value] of Object.entries(record)) {
      if (key !== '@context') visit(value, depth + 1);
    }
  };
  for (const block of blocks) if (block.ok) visit(block.value, 0);
  return found;
}

// schema.org's LocalBusiness subtypes that service businesses use, and their usual parents.
const BUSINESS_TYPES = new Set([
  'LocalBusiness',
  'Organization',
  'Corporation',
  'ProfessionalService',
  'HomeAndConstructionBusiness',
  'GeneralContractor',
  'Electrician',
  'Plumber',
  'HVACBusiness',
  'HousePainter',
  'Locksmith',
  'MovingCompany',
  'RoofingContractor',
  'AutomotiveBusiness',
  'AutoRepair',
  'AutoBodyShop',
  'AutoDealer',
  'AutoWash',
  'HealthAndBeautyBusiness',
  'BeautySalon',
  'DaySpa',
  'HairSalon',
  'NailSalon',
  'TattooParlor',
  'HealthClub',
  'ExerciseGym',
  'SportsActivityLocation',
  'MedicalBusiness',
  'MedicalClinic',
  'MedicalOrganization',
  'Dentist',
  'Physician',
  'Optician',
  'Pharmacy',
  'VeterinaryCare',
  'LegalService',
  'Attorney',
  'Notary',
  'FinancialService',
  'AccountingService',
  'InsuranceAgency',
  'RealEstateAgent',
  'EmploymentAgency',
  'TravelAgency',
  'ChildCare',
  'DryCleaningOrLaundry',
  'EmergencyService',
  'FoodEstablishment',
  'Restaurant',
  'Bakery',
  'CafeOrCoffeeShop',
  'BarOrPub',
  'Store',
  'LodgingBusiness',
  'Hotel',
  'EducationalOrganization',
  'AnimalShelter',
  'SelfStorage',
  'EntertainmentBusiness',
]);

export function isBusinessType(type: string): boolean {
  return (
    BUSINESS_TYPES.has(type) ||
    /(Business|Store|Service|Contractor|Agency|Clinic|Organization)$/.test(type)
  );
}

/** The entity that describes the business: the first LocalBusiness-like one, else Organization. */
export function businessEntity(entities: JsonLdEntity[]): JsonLdEntity | null {
  const local = entities.find((entity) =>
    entity.types.some((type) => isBusinessType(type) && type !== 'Organization'),
  );
  return local ?? entities.find((entity) => entity.types.includes('Organization')) ?? null;
}

/** A JSON-LD value as text: strings, numbers, `{ name }` and PostalAddress parts joined. */
export function jsonLdText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(jsonLdText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    return ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry']
      .map((key) => jsonLdText(record[key]))
      .filter(Boolean)
      .join(', ');
  }
  return '';
}
