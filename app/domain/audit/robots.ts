import { productToken } from '../agents/tokens';

// robots.txt, read once, the way the major crawlers read it: RFC 9309 as Google's open-source
// parser (github.com/google/robotstxt) implements it. The same reading decides whether a crawler
// may fetch an address and names the line that decided it, so the verdict and its explanation
// cannot disagree. Pure and synchronous.

export type RobotsRule = {
  /** Line number in the file, from 1. */
  line: number;
  type: 'allow' | 'disallow';
  /** The path pattern, percent-encoding normalised (upper-case hex, non-ASCII encoded). */
  pattern: string;
};

/**
 * A usage-preference line: Cloudflare's `Content-Signal: search=yes, ai-train=no` or the IETF
 * AI-preferences `Content-Usage: train-ai=n` (draft-ietf-aipref-attach), either with an optional
 * path before the values. It belongs to the group it is written in.
 */
export type RobotsPreference = {
  line: number;
  key: 'content-signal' | 'content-usage';
  /** The value as written, path included. */
  value: string;
};

export type RobotsGroup = {
  /** Product tokens of its User-agent lines, lower-cased; '*' for the group for all crawlers. */
  agents: string[];
  rules: RobotsRule[];
  preferences: RobotsPreference[];
};

export type RobotsFile = {
  groups: RobotsGroup[];
  /** Values of the Sitemap lines, in file order. */
  sitemaps: string[];
  /** The file's lines (a byte order mark removed), for quoting a rule. */
  lines: string[];
};

export type RobotsVerdict = {
  allowed: boolean;
  /** Whose rules applied: the crawler's own group(s), the group for all crawlers, or none. */
  group: 'own' | 'global' | 'none';
  /** The rule that decided, or null when no rule matched (then the address is allowed). */
  rule: RobotsRule | null;
};

type Key = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'content-signal' | 'content-usage';

/** Field names as Google's parser accepts them, common misspellings included (prefix matches). */
const KEY_PREFIXES: [Key, string[]][] = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
  ['content-signal', ['content-signal']],
  ['content-usage', ['content-usage']],
];

function keyOf(name: string): Key | null {
  const lower = name.toLowerCase();
  for (const [key, prefixes] of KEY_PREFIXES) {
    if (prefixes.some((prefix) => lower.startsWith(prefix))) return key;
  }
  return null;
}

/**
 * A line's field and value: "name: value". A line without a colon counts only when it is exactly
 * two words ("Disallow /"), the second being the value, as Google's parser does; otherwise it is
 * ignored. Comments (# to the end of the line) and surrounding white space are dropped.
 */
export function splitLine(raw: string): { name: string; value: string } | null {
  const line = raw.replace(/#.*$/, '').trim();
  if (!line) return null;
  const colon = line.indexOf(':');
  if (colon >= 0) {
    const name = line.slice(0, colon).trim();
    return name ? { name, value: line.slice(colon + 1).trim() } : null;
  }
  const words = line.split(/[ \t]+/);
  return words.length === 2 ? { name: words[0]!, value: words[1]! } : null;
}

/** Upper-case hex in %xx escapes, and non-ASCII characters percent-encoded (as UTF-8). */
function normalizeEncoding(text: string): string {
  return text
    .replace(/%[0-9a-fA-F]{2}/g, (escape) => escape.toUpperCase())
    .replace(/[^\p{ASCII}]+/gu, (chars) =>
      // TextEncoder, unlike encodeURIComponent, never throws (a lone surrogate becomes U+FFFD).
      Array.from(
        new TextEncoder().encode(chars),
        (byte) => `%${byte.toString(16).toUpperCase()}`,
      ).join(''),
    );
}

export function parseRobots(text: string): RobotsFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  // A User-agent line after a rule starts a new group; consecutive ones share a group.
  let afterRule = true;
  lines.forEach((raw, index) => {
    const field = splitLine(raw);
    if (!field) return;
    const key = keyOf(field.name);
    if (key === 'user-agent') {
      if (afterRule || !current) {
        current = { agents: [], rules: [], preferences: [] };
        groups.push(current);
        afterRule = false;
      }
      current.agents.push(productToken(field.value));
    } else if (key === 'allow' || key === 'disallow') {
      // Rules before any User-agent line belong to no group.
      if (!current) return;
      afterRule = true;
      // An empty pattern matches nothing ("Disallow:" allows everything).
      if (field.value) {
        current.rules.push({ line: index + 1, type: key, pattern: normalizeEncoding(field.value) });
      }
    } else if (key === 'sitemap') {
      if (field.value) sitemaps.push(field.value);
    } else if (key === 'content-signal' || key === 'content-usage') {
      // Like a rule, a preference before any User-agent line belongs to no group. It does not
      // end the group's User-agent lines (Google's parser skips lines it does not know).
      if (current && field.value)
        current.preferences.push({ line: index + 1, key, value: field.value });
    }
  });
  return { groups, sitemaps, lines };
}

/**
 * Whether `pattern` matches `path` from its start: '*' matches any run of characters, a final '$'
 * the end of the path. The set of positions reachable so far, so it is linear in the pattern
 * whatever the number of '*' (no regular expression to backtrack).
 */
export function patternMatches(pattern: string, path: string): boolean {
  let positions = [0];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '$' && i === pattern.length - 1) {
      return positions.includes(path.length);
    }
    if (char === '*') {
      const from = positions[0]!;
      positions = [];
      for (let p = from; p <= path.length; p++) positions.push(p);
    } else {
      positions = positions.filter((p) => p < path.length && path[p] === char).map((p) => p + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

/**
 * The rule that decides for `path` among `rules`: the longest matching pattern; on a tie, Allow
 * (RFC 9309 2.2.2). "Allow: /index.html" also opens the directory it is the index of, as Google
 * reads it.
 */
function decidingRule(rules: RobotsRule[], path: string): RobotsRule | null {
  let best: RobotsRule | null = null;
  let bestLength = -1;
  for (const rule of rules) {
    const patterns = [rule.pattern];
    if (rule.type === 'allow') {
      const index = /^(.*\/)index\.htm/.exec(rule.pattern);
      if (index) patterns.push(`${index[1]}$`);
    }
    for (const pattern of patterns) {
      if (!patternMatches(pattern, path)) continue;
      const length = pattern.length;
      if (length > bestLength || (length === bestLength && rule.type === 'allow')) {
        best = rule;
        bestLength = length;
      }
    }
  }
  return best;
}

/** The path (with its query) crawlers match rules against: "/" at least. */
export function robotsPath(address: string): string {
  try {
    const url = new URL(address);
    return normalizeEncoding(`${url.pathname || '/'}${url.search}`);
  } catch {
    return normalizeEncoding(address.startsWith('/') ? address : `/${address}`);
  }
}

/**
 * Whether the crawler `token` may fetch `address`. Every group naming the crawler applies
 * (combined); only when none does, the group(s) for all crawlers (*). A group of its own with no
 * rules allows everything: the crawler never falls back to * (RFC 9309 2.2.1).
 */
export function robotsVerdict(file: RobotsFile, address: string, token: string): RobotsVerdict {
  const { own, applying } = groupsFor(file, token);
  const path = robotsPath(address);
  const rule = decidingRule(
    applying.flatMap((group) => group.rules),
    path,
  );
  return {
    allowed: rule ? rule.type === 'allow' : true,
    group: own.length ? 'own' : applying.length ? 'global' : 'none',
    rule,
  };
}

/** The groups that apply to crawler `token`: its own, or else those for all crawlers (*). */
export function groupsFor(file: RobotsFile, token: string) {
  const wanted = productToken(token);
  const own = file.groups.filter((group) => group.agents.includes(wanted));
  const global = file.groups.filter((group) => group.agents.includes('*'));
  return { own, applying: own.length ? own : global };
}
