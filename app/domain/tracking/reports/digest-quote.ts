// The digest's quote of an answer: the sentence (or list item) that names the business, as clean
// text: no markdown marks, and a table row read as a sentence with its column headers. Pure.

const EXCERPT_CHARS = 280;

/**
 * Markdown's marks out of a line of an answer (links and images to their words, emphasis, code,
 * headings, quotes, list markers, HTML tags), and its white space collapsed: a clean sentence.
 */
export function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s*(?:#{1,6}\s+|>\s*)+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A markdown table row: "| Bright Pipes | fast call-outs | 4.8 |". */
function isTableRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

/** The separator under a table's header: "|---|:--:|". */
function isTableSeparator(line: string): boolean {
  return /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);
}

function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => plain(cell.replace(/\\\|/g, '|')));
}

/**
 * A table row as a sentence, with its column headers: "Bright Pipes Plumbing — Why people pick it:
 * fast call-outs; Rating: 4.8." (never the row's pipes).
 */
function rowSentence(lines: string[], index: number): string {
  const cells = cellsOf(lines[index]!);
  let header: string[] = [];
  for (let i = index - 1; i > 0; i -= 1) {
    if (!isTableRow(lines[i]!) && !isTableSeparator(lines[i]!)) break;
    if (isTableSeparator(lines[i]!)) {
      header = cellsOf(lines[i - 1]!);
      break;
    }
  }
  const [first = '', ...rest] = cells;
  const details = rest
    .map((cell, i) => (cell ? (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell) : ''))
    .filter(Boolean)
    .join('; ');
  const sentence = details ? `${first} — ${details}` : first;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The line of `text` holding offset `at`: its index and the lines. */
function lineAt(text: string, at: number): { lines: string[]; index: number } {
  const lines = text.split('\n');
  let offset = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const next = offset + lines[index]!.length + 1;
    if (at < next) return { lines, index };
    offset = next;
  }
  return { lines, index: lines.length - 1 };
}

/** Whether the name at `start` sits in a table row (a quote from running text reads better). */
export function inTableRow(text: string, start: number): boolean {
  const { lines, index } = lineAt(text, start);
  return isTableRow(lines[index]!);
}

/**
 * A short excerpt of `text` around the name at start..end: the sentence (or list item) holding it,
 * cut to about EXCERPT_CHARS with an ellipsis where it was cut, without markdown's marks; a table
 * row becomes a sentence with its column headers.
 */
export function excerptAround(text: string, start: number, end: number): string {
  const { lines, index } = lineAt(text, start);
  if (isTableRow(lines[index]!)) {
    const sentence = rowSentence(lines, index);
    return sentence.length > EXCERPT_CHARS
      ? `${sentence.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')}…`
      : sentence;
  }
  const boundary = /[.!?]\s|\n/g;
  let from = 0;
  for (const match of text.slice(0, start).matchAll(boundary))
    from = (match.index ?? 0) + match[0].length;
  boundary.lastIndex = 0;
  const after = boundary.exec(text.slice(end));
  let to = after ? end + after.index + 1 : text.length;
  let head = from;
  if (start - head > EXCERPT_CHARS / 2) head = start - Math.floor(EXCERPT_CHARS / 2);
  if (to - head > EXCERPT_CHARS) to = Math.max(end, head + EXCERPT_CHARS);
  const body = plain(text.slice(head, to));
  return `${head > from ? '…' : ''}${body}${to < text.length && !/[.!?]$/.test(body) ? '…' : ''}`;
}
