import { patternMatches, robotsPath, type RobotsPreference } from './robots';

// Usage preferences: what a site allows its text to be used for, as opposed to whether it may be
// fetched. Two vocabularies say nearly the same thing:
//
// - Content signals (contentsignals.org, written by Cloudflare into the robots.txt files it
//   manages): `Content-Signal: search=yes, ai-input=no, ai-train=no`.
// - The IETF AI preferences (draft-ietf-aipref-vocab and -attach, drafts): `Content-Usage:
//   search=y, ai-use=n, train-ai=n`, in robots.txt or as an HTTP header.
//
// Both may start with a path the line applies to. We read them for the home page, in the words of
// content signals: `search` (listed with a link), `ai-input` (used as input to an AI answer; the
// IETF's `ai-use`) and `ai-train` (training; the IETF's `train-ai`). Pure.

export type UsageCategory = 'search' | 'ai-input' | 'ai-train';

export const USAGE_CATEGORIES: readonly UsageCategory[] = ['search', 'ai-input', 'ai-train'];

/** One stated preference and where it was stated. */
export type UsagePreference = {
  category: UsageCategory;
  allowed: boolean;
  /** Where: 'robots.txt line 4' or 'the Content-Usage header'. */
  source: string;
  /** The line or header as written. */
  text: string;
  /** The path it applies to ('/' for the whole site). */
  path: string;
  /** The label the site wrote ('ai-use=n'), for quoting. */
  label: string;
};

const IETF_LABELS: Record<string, UsageCategory> = {
  search: 'search',
  'ai-use': 'ai-input',
  'train-ai': 'ai-train',
};

/** "/private/ train-ai=n" → path "/private/", values "train-ai=n"; no path: "/". */
function splitPath(value: string): { path: string; values: string } {
  const trimmed = value.trim();
  if (!trimmed.startsWith('/')) return { path: '/', values: trimmed };
  const space = trimmed.search(/\s/);
  return space < 0
    ? { path: trimmed, values: '' }
    : { path: trimmed.slice(0, space), values: trimmed.slice(space).trim() };
}

/** `search=yes, ai-train=no` (content signals: yes/no, any case). */
function contentSignalValues(values: string) {
  const found: { category: UsageCategory; allowed: boolean; label: string }[] = [];
  for (const member of values.split(',')) {
    const match = /^\s*([a-z-]+)\s*=\s*(yes|no)\s*$/i.exec(member);
    if (!match) continue;
    const category = match[1]!.toLowerCase() as UsageCategory;
    if (!USAGE_CATEGORIES.includes(category)) continue;
    found.push({
      category,
      allowed: match[2]!.toLowerCase() === 'yes',
      label: `${category}=${match[2]!.toLowerCase()}`,
    });
  }
  return found;
}

/**
 * `search=y, train-ai=n` (an RFC 9651 dictionary: lower-case keys, y/n tokens, parameters after
 * ";" ignored). A member that does not parse makes the whole statement unknown, as the draft says;
 * unknown keys are skipped; a repeated key keeps its last value.
 */
function contentUsageValues(values: string) {
  const byCategory = new Map<UsageCategory, { allowed: boolean; label: string } | null>();
  for (const member of values.split(',')) {
    const [pair] = member.trim().split(';');
    const match = /^([a-z*][a-z0-9_.*-]*)(?:=(.*))?$/.exec((pair ?? '').trim());
    if (!match) return [];
    const category = IETF_LABELS[match[1]!];
    if (!category) continue;
    const value = match[2];
    byCategory.set(
      category,
      value === 'y' || value === 'n'
        ? { allowed: value === 'y', label: `${match[1]}=${value}` }
        : null,
    );
  }
  return [...byCategory.entries()].flatMap(([category, found]) =>
    found ? [{ category, ...found }] : [],
  );
}

/** The preferences one line (or header) states, each with the path it applies to. */
export function readPreference(
  key: RobotsPreference['key'],
  value: string,
  source: string,
  text: string,
): UsagePreference[] {
  const { path, values } = splitPath(value);
  const found = key === 'content-signal' ? contentSignalValues(values) : contentUsageValues(values);
  return found.map((item) => ({ ...item, source, text, path }));
}

/**
 * The preference that decides each category for `address`: among those whose path covers it, the
 * longest path; on a tie, and between sources, "no" wins (the draft's most restrictive rule).
 */
export function decidePreferences(
  preferences: UsagePreference[],
  address: string,
): Partial<Record<UsageCategory, UsagePreference>> {
  const path = robotsPath(address);
  const decided: Partial<Record<UsageCategory, UsagePreference>> = {};
  for (const preference of preferences) {
    if (!patternMatches(preference.path, path)) continue;
    const current = decided[preference.category];
    const longer = !current || preference.path.length > current.path.length;
    const tieButStricter =
      current && preference.path.length === current.path.length && !preference.allowed;
    if (longer || tieButStricter) decided[preference.category] = preference;
  }
  return decided;
}
