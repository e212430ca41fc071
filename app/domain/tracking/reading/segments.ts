// Where an answer's options are when its markdown does not say (issue 43): the lines of a
// paragraph that each name one option ("Name | descriptor", "Name — descriptor", "• Name – …",
// "Name: descriptor"), ChatGPT's place cards (a line holding only a bold or linked name, then
// "Open now · Indian · £ · 4.5 (35 reviews)", then an address and a description), names
// separated only by full stops ("Zuma. Nobu. Roka."), and numbering inside a paragraph ("1. A
// 2. B 3. C"). Each becomes an entry of the answer's structure (answer-structure.ts) with its
// lead and block, so the reader decides per entry whether it names a business and the lines of
// a card or an item belong to it (businessSegments, for tone and for the facts of issue 45).
// Pure.

import type { Entry, Range } from './answer-structure';

/** A place card's details line: opening hours, kind, price and rating joined by " · ". */
const CARD_DETAILS =
  /^\s*(?:open(?:s| now| 24 hours)?|closed|closes|temporarily closed|permanently closed|\p{L}[\p{L} &-]{1,30})\s*·.*$|^\s*(?:.*·\s*)?[0-5]\.\d\s*\([\d,.]+k?\s*(?:reviews?)?\)\s*$/iu;
/**
 * A place card's details line and the address line after it ("Praça … 21, 4050-293 Porto"):
 * never names.
 */
export function cardMasks(src: string, range: Range): Range[] {
  const all = lines(src, range);
  const masks: Range[] = [];
  all.forEach((line, i) => {
    const text = src.slice(line.start, line.end);
    if (!text.includes('·') || !CARD_DETAILS.test(text)) return;
    masks.push(line);
    const next = all[i + 1];
    if (next && /\d/.test(src.slice(next.start, next.end)) && next.end - next.start < 90)
      masks.push(next);
  });
  return masks;
}

/** A line holding only a bold and/or linked name: "**[Dishoom](…)**", "[Cafe Peter](…)". */
const NAME_LINE =
  /^\s*(?:\d{1,2}[.)]\s+)?(?:\*\*|__)?\[?([^\]*_\n]{2,80}?)\]?(?:\([^)\s]*\))?(?:\*\*|__)?\s*$/;
/** A line naming one option before its descriptor. */
const OPTION_LINE = /^\s*(?:[•·▪◦‣]\s*)?([^|:•\n–—]{2,70}?)\s*(?:\s\|\s|\s[–—]\s|\s-\s|:\s)(?=\S)/;

export type LineEntry = Entry & { kind: 'item'; card?: boolean };

function lines(src: string, range: Range): Range[] {
  const found: Range[] = [];
  let start = range.start;
  while (start < range.end) {
    const newline = src.indexOf('\n', start);
    const end = newline < 0 || newline > range.end ? range.end : newline;
    if (src.slice(start, end).trim()) found.push({ start, end });
    start = end + 1;
  }
  return found;
}

const trimmed = (src: string, start: number, end: number): Range | null => {
  let s = start;
  let e = end;
  while (s < e && /[\s*_[]/.test(src[s]!)) s++;
  while (e > s && /[\s*_\].,;:]/.test(src[e - 1]!)) e--;
  return /[\p{L}\p{N}]/u.test(src.slice(s, e)) ? { start: s, end: e } : null;
};

/**
 * The entries of one paragraph (not a list, heading or table) whose lines or sentences each name
 * an option, and the ranges not to read for names (a card's details line).
 */
export function paragraphEntries(
  src: string,
  paragraph: Range,
): { entries: LineEntry[]; masks: Range[] } {
  const entries: LineEntry[] = [];
  const masks: Range[] = [];
  const all = lines(src, paragraph);
  const item = (lead: Range | null, block: Range, card = false): LineEntry => ({
    kind: 'item',
    block,
    lead,
    parent: null,
    list: paragraph,
    card,
  });

  // A details line and its address are never names ("Closed · Rs 500–1,000 · 3.9").
  masks.push(...cardMasks(src, paragraph));
  // Place cards: a name line, then a details line.
  for (let i = 0; i + 1 < all.length; i++) {
    const line = src.slice(all[i]!.start, all[i]!.end);
    const next = src.slice(all[i + 1]!.start, all[i + 1]!.end);
    if (!CARD_DETAILS.test(next) || !NAME_LINE.test(line)) continue;
    // The card runs to the next name line followed by details.
    let last = i + 1;
    while (
      last + 1 < all.length &&
      !(
        last + 2 < all.length &&
        CARD_DETAILS.test(src.slice(all[last + 2]!.start, all[last + 2]!.end))
      )
    )
      last += 1;
    const lead = trimmed(src, all[i]!.start, all[i]!.end);
    const link = /\]\(/.exec(src.slice(all[i]!.start, all[i]!.end));
    const leadEnd = link && lead ? Math.min(lead.end, all[i]!.start + link.index) : lead?.end;
    entries.push(
      item(
        lead && leadEnd ? trimmed(src, lead.start, leadEnd) : null,
        {
          start: all[i]!.start,
          end: all[last]!.end,
        },
        true,
      ),
    );
  }
  if (entries.length) return { entries, masks };

  // Lines that each name one option (two or more in the paragraph).
  const optionLines = all.filter((line) => OPTION_LINE.test(src.slice(line.start, line.end)));
  if (optionLines.length >= 2 && optionLines.length * 3 >= all.length * 2) {
    for (const line of optionLines) {
      const found = OPTION_LINE.exec(src.slice(line.start, line.end))!;
      const at = line.start + found[0].indexOf(found[1]!);
      entries.push(item(trimmed(src, at, at + found[1]!.length), line));
    }
    return { entries, masks };
  }

  // Numbering inside a paragraph: "… like: 1. Maid Sailors Austin 2. Molly Maid 3. …".
  const text = src.slice(paragraph.start, paragraph.end);
  const numbers = [...text.matchAll(/(?:^|\s)(\d{1,2})\.\s+(?=\p{Lu})/gu)];
  const counted = numbers.filter((match, i) => Number(match[1]) === i + 1);
  if (counted.length >= 3 && counted.length === numbers.length) {
    counted.forEach((match, i) => {
      const start = paragraph.start + match.index! + match[0].length;
      const end = i + 1 < counted.length ? paragraph.start + counted[i + 1]!.index! : paragraph.end;
      // The last one ends at its sentence's end.
      const stop = i + 1 < counted.length ? end : sentenceEnd(src, start, end);
      entries.push(item(leadOf(src, start, stop), { start, end: stop }));
    });
    return { entries, masks };
  }

  // Names separated only by full stops: four or more short capitalised pieces in a row.
  const pieces: Range[] = [];
  const pattern = /[^.!?\n]+[.!?]?/g;
  for (const found of text.matchAll(pattern)) {
    let start = paragraph.start + found.index!;
    const colon = found[0].lastIndexOf(': ');
    if (colon >= 0) start += colon + 2;
    pieces.push({ start, end: paragraph.start + found.index! + found[0].length });
  }
  let run: Range[] = [];
  const flush = () => {
    if (run.length >= 4)
      for (const piece of run) entries.push(item(trimmed(src, piece.start, piece.end), piece));
    run = [];
  };
  for (const piece of pieces) {
    const words = src
      .slice(piece.start, piece.end)
      .replace(/[.!?]$/, '')
      .trim()
      .split(/\s+/);
    const short = words.length >= 1 && words.length <= 5 && words[0] !== '';
    const capitalised = words.every(
      (word) => /^[\p{Lu}\p{N}'’&]/u.test(word) || /^(?:of|the|and|de|la|'n'|n)$/.test(word),
    );
    if (short && capitalised) run.push(piece);
    else flush();
  }
  flush();
  return { entries, masks };
}

function sentenceEnd(src: string, start: number, end: number): number {
  const found = /(?<!\b(?:co|inc|ltd|st|dr|mr|mrs|ms|jr|sr))\.(?:\s|$)/i.exec(
    src.slice(start, end),
  );
  return found ? start + found.index + 1 : end;
}

/** An inline-numbered option's lead: up to " – ", ", " or its sentence's end. */
function leadOf(src: string, start: number, end: number): Range | null {
  const piece = src.slice(start, end);
  const cut = /\s[–—-]\s|,\s|\s\(/.exec(piece);
  return trimmed(src, start, cut ? start + cut.index : end);
}

/** Words a paragraph under a heading opens with when it describes a business. */
const DESCRIBES =
  /^\s*(?:this|a|an|one of|the|famous|known|dating|founded|established|family|long|tiny|small|cosy|cozy|popular|located|housed|set)\b[^.\n]{0,160}\b(?:pub|bar|inn|restaurant|café|cafe|shop|firm|practice|clinic|studio|bakery|salon|gym|spa|agency|company|hotel|venue|brewery|pizzeria|taqueria|store|team|platform|tool|app|service|provider|outfit|business|spot|joint|kitchen|eatery|ironmonger|surgery|chain|tavern|diner|market|roastery|gallery|dentist|office)s?\b/i;

/** Whether a range is all there is on its line, but for markdown and numbering. */
export function aloneOnLine(src: string, range: Range): boolean {
  const lineStart = src.lastIndexOf('\n', range.start - 1) + 1;
  const newline = src.indexOf('\n', range.end);
  const lineEnd = newline < 0 ? src.length : newline;
  return !/[\p{L}\p{N}]/u.test(
    src.slice(lineStart, range.start).replace(/#+|\d{1,2}[.)]/g, '') +
      src.slice(range.end, lineEnd),
  );
}

/** The text after a heading or a bold line, from its next line. */
function after(src: string, end: number): string {
  const newline = src.indexOf('\n', end);
  return newline < 0 ? '' : src.slice(newline + 1).replace(/^\s*\n/, '');
}

/**
 * What follows a heading or a bold line standing alone says what it is: "business" when a place
 * card's details, a paragraph describing a business ("this historic pub …") or a list of labelled
 * details ("**Why it's great:** …") follow; "section" when a list of options follows (the line
 * is its title: "Emergency Lockout Services", "Top picks"); else null.
 */
export function headingRole(src: string, end: number): 'business' | 'section' | null {
  const rest = after(src, end);
  const firstLine = rest.slice(0, Math.max(0, rest.indexOf('\n')) || rest.length);
  if (CARD_DETAILS.test(firstLine) && firstLine.includes('·')) return 'business';
  if (/^\s*(?:[-*+•]\s|\d+[.)]\s)/.test(rest))
    return /^\s*(?:[-*+•]|\d+[.)])\s+(?:\*\*|__)[^*_\n]{1,40}:(?:\*\*|__)|^\s*(?:[-*+•]|\d+[.)])\s+(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__):/.test(
      rest,
    )
      ? 'business'
      : 'section';
  return DESCRIBES.test(rest.slice(0, 240)) ? 'business' : null;
}

/** The lines that belong to one business the answer names. */
export type Segment = { name: string; kind: 'business' | 'competitor'; ranges: Range[] };

/**
 * Which lines belong to which business (for tone, and for the facts of issue 45): an entry's
 * block (its card, list item with what is nested under it, table row, or paragraph), and for a
 * heading or a bold line standing alone, its section: the lines up to the next heading or bold
 * line standing alone.
 */
export function businessSegments(
  src: string,
  entries: Entry[],
  owned: { entry: Entry; name: string; kind: Segment['kind'] }[],
): Segment[] {
  const titles = entries
    .filter(
      (entry) =>
        entry.lead &&
        (entry.kind === 'heading' || (entry.kind === 'bold' && aloneOnLine(src, entry.lead))),
    )
    .map((entry) => entry.block.start)
    .sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (const { entry, name, kind } of owned) {
    let range = entry.block;
    if (
      entry.lead &&
      (entry.kind === 'heading' || (entry.kind === 'bold' && aloneOnLine(src, entry.lead)))
    ) {
      const next = titles.find((start) => start > entry.block.start) ?? src.length;
      range = { start: entry.block.start, end: Math.min(next, entry.block.start + 1500) };
    }
    const same = segments.find((segment) => segment.kind === kind && segment.name === name);
    if (same) same.ranges.push(range);
    else segments.push({ name, kind, ranges: [range] });
  }
  return segments;
}

/** Written without spaces between words: Japanese, Chinese. */
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A lead that is a branch of a known name: the name, then the branch's area in a script written
 * without spaces ("AFURI 原宿", "一蘭 渋谷店").
 */
export function branchOf(
  src: string,
  lead: { norm: string; start: number }[],
  known: { norm: string }[],
): boolean {
  if (!known.length || lead.length <= known.length || lead.length > known.length + 2) return false;
  if (!known.every((word, i) => lead[i]!.norm === word.norm)) return false;
  return lead.slice(known.length).every((word) => UNSPACED.test(src.slice(word.start)));
}

/** The lines that belong to the owner's business, from a reading's segments. */
export function ownLines(segments: readonly Segment[] | undefined): Range[] {
  return (segments ?? [])
    .filter((segment) => segment.kind === 'business')
    .flatMap((segment) => segment.ranges);
}
