// The structure of an answer's markdown, as offsets into its text: entries (list items, headings,
// table rows, bold phrases in paragraphs) with their leads, blocks, bold phrases, links, and the
// ranges whose words are not read as names (link addresses, code, source lists). The `marked`
// lexer finds the structure; this module places its tokens back into the text. Pure.

import { marked, type Token, type Tokens } from 'marked';
import { cardMasks, paragraphEntries } from './segments';

export type Range = { start: number; end: number };
export type PlacedInline = Range & { token: Token };
export type Link = Range & { href: string; label: Range | null };
export type Entry = {
  kind: 'item' | 'heading' | 'row' | 'bold';
  block: Range;
  lead: Range | null;
  /** The list item a nested list item sits in. */
  parent: Entry | null;
  /** A list item's list: items of one list share it. */
  list?: Range;
  /** A table row's: the header of the column its lead comes from, unless it names businesses. */
  header?: string;
};
export type Structure = {
  entries: Entry[];
  /** Paragraphs, list items, headings and table rows: "the same block" for rule 3. */
  blocks: Range[];
  strong: Range[];
  links: Link[];
  /** Ranges whose words are not read as names: link addresses, code, source lists. */
  masks: Range[];
  /** Table header rows: labels, never running text. */
  headerRows: Range[];
};

const SOURCE_HEADINGS = /^(?:sources?|references?|citations?|links|further reading|learn more)$/i;
/** A table column of businesses: "Name", "Business", "Practice Name", "Company", "Café", "Plumber". */
const NAME_COLUMN =
  /^(?:(?:business|company|practice|firm|shop|store|provider|contractor|studio|clinic|brand)\s+)?name$|\b(?:business|company|provider|contractor|firm|shop|store|practice|plumber|electrician|roofer|dentist|lawyer|attorney|agency|café|cafe|restaurant|bakery|clinic|studio|salon|brand|vendor|mover|cleaner|landscaper|photographer)s?\b/i;

// ---------------------------------------------------------------------------------------------
// Structure: where the entries, bold phrases and links are, as offsets into the text.

/** Where a token's raw text starts in `src` within [from, to), and whether all of it was found. */
function locate(src: string, raw: string, from: number, to: number): [number, boolean] {
  if (!raw) return [-1, false];
  const whole = src.indexOf(raw, from);
  if (whole >= 0 && whole + raw.length <= to) return [whole, true];
  // Inside list items marked removes the indentation, so a multi-line raw is not verbatim in the
  // source; its first line is.
  const line = raw
    .split('\n')
    .map((part) => part.trim())
    .find(Boolean);
  if (!line) return [-1, false];
  const first = src.indexOf(line, from);
  return first >= 0 && first < to ? [first, false] : [-1, false];
}

function place<T extends { raw: string }>(
  src: string,
  tokens: T[],
  from: number,
  to: number,
): (Range & { token: T })[] {
  const placed: (Range & { token: T; whole: boolean })[] = [];
  let cursor = from;
  for (const token of tokens) {
    const [start, whole] = locate(src, token.raw, cursor, to);
    if (start < 0) continue;
    const end = whole ? start + token.raw.length : start + 1;
    placed.push({ token, start, end, whole });
    cursor = whole ? end : start + 1;
  }
  return placed.map((item, i) => ({
    token: item.token,
    start: item.start,
    end: item.whole ? item.end : Math.max(item.end, placed[i + 1]?.start ?? to),
  }));
}

export function readStructure(src: string): Structure {
  const structure: Structure = {
    entries: [],
    blocks: [],
    strong: [],
    links: [],
    masks: [],
    headerRows: [],
  };
  let inSources = false;

  const inline = (tokens: Token[] | undefined, from: number, to: number): PlacedInline[] => {
    if (!tokens?.length) return [];
    const placed = place(src, tokens, from, to);
    for (const item of placed) {
      const token = item.token;
      if (token.type === 'strong') {
        structure.strong.push({ start: item.start, end: item.end });
        inline((token as Tokens.Strong).tokens, item.start, item.end);
      } else if (token.type === 'em' || token.type === 'del') {
        inline((token as Tokens.Em).tokens, item.start, item.end);
      } else if (token.type === 'link') {
        const link = token as Tokens.Link;
        const raw = src.slice(item.start, item.end);
        const close = raw.indexOf('](');
        if (close >= 0) {
          structure.links.push({
            ...item,
            href: link.href,
            label: { start: item.start + 1, end: item.start + close },
          });
          structure.masks.push({ start: item.start + close + 1, end: item.end });
          inline(link.tokens, item.start + 1, item.start + close);
        } else if (/^\[/.test(raw)) {
          // A reference link ("[1]" with a "[1]: https://..." line): its label is the raw text.
          structure.links.push({ ...item, href: link.href, label: null });
        } else {
          // A bare address the lexer made into a link.
          structure.links.push({ ...item, href: link.href, label: null });
          structure.masks.push({ start: item.start, end: item.end });
        }
      } else if (token.type === 'codespan' || token.type === 'image') {
        structure.masks.push({ start: item.start, end: item.end });
      } else if ('tokens' in token && Array.isArray(token.tokens)) {
        inline(token.tokens, item.start, item.end);
      }
    }
    return placed;
  };

  /** Walks block tokens; returns the inline tokens of the first text block (an item's lead). */
  const blocks = (tokens: Token[], from: number, to: number, parent: Entry | null) => {
    const inEntry = parent !== null;
    let firstInline: PlacedInline[] | null = null;
    for (const item of place(src, tokens, from, to)) {
      const token = item.token;
      const range = { start: item.start, end: item.end };
      switch (token.type) {
        case 'heading': {
          const heading = token as Tokens.Heading;
          const offset = /^\s*#{1,6}[ \t]*/.exec(src.slice(item.start, item.end))?.[0].length ?? 0;
          const placed = inline(heading.tokens, item.start + offset, item.end);
          inSources = SOURCE_HEADINGS.test(plain(heading.text));
          structure.blocks.push(range);
          if (!inSources)
            structure.entries.push({
              kind: 'heading',
              block: range,
              parent,
              lead: leadOf(src, placed, item.start + offset, item.end),
            });
          firstInline ??= placed;
          break;
        }
        case 'paragraph':
        case 'text': {
          const text = token as Tokens.Paragraph;
          const placed = inline(text.tokens, item.start, item.end);
          if (token.type === 'paragraph') structure.blocks.push(range);
          firstInline ??= placed;
          if (!inEntry && SOURCE_HEADINGS.test(plain(text.text))) inSources = true;
          if (!inEntry && !inSources && token.type === 'paragraph') {
            // Options the markdown does not mark: cards, "Name | …" lines, "A. B. C." (segments.ts).
            const lines = paragraphEntries(src, range);
            structure.entries.push(...lines.entries);
            structure.masks.push(...lines.masks);
          }
          if (!inEntry && !inSources)
            for (const bold of placed.filter((p) => p.token.type === 'strong'))
              structure.entries.push({
                kind: 'bold',
                block: range,
                parent,
                lead: trimLead(src, { start: bold.start, end: bold.end }),
              });
          break;
        }
        case 'list': {
          const list = token as Tokens.List;
          for (const entry of place(src, list.items, item.start, item.end)) {
            const block = { start: entry.start, end: entry.end };
            if (inSources) {
              structure.masks.push(block);
              inline(flattenInline(entry.token.tokens), entry.start, entry.end);
              continue;
            }
            const marker =
              /^\s*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/.exec(
                src.slice(entry.start, entry.end),
              )?.[0].length ?? 0;
            const start = entry.start + marker;
            // Pushed before its nested items, so a parent comes before its children.
            const own: Entry = { kind: 'item', block, lead: null, parent, list: range };
            // A place card inside a list item: its details and address lines are no names.
            structure.masks.push(...cardMasks(src, block));
            structure.entries.push(own);
            structure.blocks.push(block);
            const lead = blocks(entry.token.tokens, start, entry.end, own);
            own.lead = leadOf(src, lead ?? [], start, entry.end);
          }
          break;
        }
        case 'table':
          table(token as Tokens.Table, range);
          break;
        case 'blockquote':
          blocks((token as Tokens.Blockquote).tokens, item.start, item.end, parent);
          break;
        case 'code':
        case 'html':
          structure.masks.push(range);
          break;
        default:
          break;
      }
    }
    return firstInline;
  };

  const table = (token: Tokens.Table, range: Range) => {
    const headers = token.header.map((cell) => plain(cell.text));
    const named = headers.findIndex((header) => NAME_COLUMN.test(header));
    let cursor = range.start;
    const headerEnd = src.indexOf('\n', cursor);
    structure.headerRows.push({ start: cursor, end: headerEnd < 0 ? range.end : headerEnd });
    // Skip the header and the delimiter rows.
    for (let skip = 0; skip < 2; skip++) {
      const next = src.indexOf('\n', cursor);
      cursor = next < 0 || next >= range.end ? range.end : next + 1;
    }
    for (const row of token.rows) {
      const lineEnd = src.indexOf('\n', cursor);
      const end = lineEnd < 0 || lineEnd > range.end ? range.end : lineEnd;
      const block = { start: cursor, end };
      const cells: { start: number; end: number; placed: PlacedInline[] }[] = [];
      let cellCursor = cursor;
      for (const cell of row) {
        const at = cell.text ? src.indexOf(cell.text, cellCursor) : -1;
        if (at < 0 || at >= end) {
          cells.push({ start: cellCursor, end: cellCursor, placed: [] });
          continue;
        }
        const cellEnd = at + cell.text.length;
        cells.push({ start: at, end: cellEnd, placed: inline(cell.tokens, at, cellEnd) });
        cellCursor = cellEnd;
      }
      const column =
        named >= 0
          ? named
          : cells.findIndex(
              (cell) => !/^[\s#\d.)🥇🥈🥉*]*$/u.test(src.slice(cell.start, cell.end)),
            );
      const choice = cells[column];
      structure.blocks.push(block);
      structure.entries.push({
        kind: 'row',
        block,
        parent: null,
        lead: choice ? leadOf(src, choice.placed, choice.start, choice.end) : null,
        header: named >= 0 ? '' : (headers[column] ?? ''),
      });
      cursor = end + 1;
      if (cursor >= range.end) break;
    }
  };

  blocks(marked.lexer(src, { gfm: true }), 0, src.length, null);
  return structure;
}

/** A list item's tokens as one inline run (for source lists, where only links matter). */
function flattenInline(tokens: Token[]): Token[] {
  return tokens.flatMap((token) =>
    token.type === 'text' || token.type === 'paragraph'
      ? ((token as Tokens.Text).tokens ?? [])
      : token.type === 'list'
        ? (token as Tokens.List).items.flatMap((item) => flattenInline(item.tokens))
        : [],
  );
}

function plain(markdown: string): string {
  return markdown
    .replace(/[*_`#>]/g, '')
    .replace(/:\s*$/, '')
    .trim();
}

/**
 * An entry's lead: its opening bold phrase or link (alone, or after a short label such as "Best
 * overall:"), else its first line up to a separator. A link whose text is an address
 * ("[joesplumbing.com](...)") is a citation, not a name.
 */
function leadOf(src: string, placed: PlacedInline[], start: number, end: number): Range | null {
  const newline = src.indexOf('\n', start);
  const lineEnd = newline < 0 || newline > end ? end : newline;
  for (const item of placed) {
    if (item.start >= lineEnd) break;
    const isBold = item.token.type === 'strong';
    const isNamedLink =
      item.token.type === 'link' &&
      src[item.start] === '[' &&
      !/^[\w.-]+\.[a-z]{2,}(?:\/\S*)?$/i.test((item.token as Tokens.Link).text.trim());
    if (!isBold && !isNamedLink) continue;
    const before = src.slice(start, item.start).replace(/^\s*(?:#?\d{1,2}[.)]?)?\s*/, '');
    const opens = !/[\p{L}\p{N}]/u.test(before) || /^[\p{L} ]{1,30}:\s*$/u.test(before);
    if (opens) return trimLead(src, { start: item.start, end: item.end });
    break;
  }
  return trimLead(src, { start, end: lineEnd });
}

const SEPARATORS = [
  /\s[–—-]+\s/,
  /:(?:\s|$)/,
  /\s\(/,
  /\s\|/,
  /\]\(/,
  /\[\d+\]/,
  /\*\*/,
  /,\s+(?=[\p{Ll}\d])/u,
  /(?<!\b(?:st|dr|mr|mrs|ms|jr|sr|co|inc|bros|ltd|mt|ft|no))[.!?](?:\s|$)/i,
];

const ABBREVIATED = /\b(?:co|inc|ltd|corp|bros|jr|sr|st|l\.l\.c|p\.c)$/i;

/** Trims markdown, numbering and emoji off a lead and cuts it at its first separator. */
export function trimLead(src: string, range: Range): Range | null {
  const text = src.slice(range.start, range.end);
  let start = 0;
  const skip = (pattern: RegExp) => {
    const found = pattern.exec(text.slice(start));
    if (found) start += found[0].length;
  };
  skip(/^[^\p{L}\p{N}]*/u);
  skip(/^(?:#\d{1,2}|\d{1,2}[.)]|no\.\s*\d{1,2})[.):]?\s+/i);
  skip(/^[^\p{L}\p{N}]*/u);
  let end = text.length;
  for (const separator of SEPARATORS) {
    const found = separator.exec(text.slice(start, end));
    if (found && found.index > 0) end = start + found.index;
  }
  let kept = text.slice(start, end).replace(/[\s*_`"”’'.,:;!\-–—[\]]+$/u, '');
  // A name keeps the period of its abbreviated legal form: "Cedar Ridge Plumbing Co.".
  if (ABBREVIATED.test(kept) && text[start + kept.length] === '.') kept += '.';
  if (!/[\p{L}\p{N}]/u.test(kept)) return null;
  return { start: range.start + start, end: range.start + start + kept.length };
}
