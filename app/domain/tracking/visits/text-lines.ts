// The lines of a stream of text, a chunk at a time (issue 48, `npm run bench:logs`): what readline
// gives, without its cost per line (an event, a promise and a turn of the microtask queue each;
// a million-line log is read here with one await per chunk). Lines end at "\n", "\r\n" or a lone
// "\r", as readline's do, except that a "\r\n" may give an empty line between the two (the import
// skips blank lines, as it always did). UTF-8 characters split across chunks are kept whole.
// A line is a slice of its chunk's text: what is kept of it must be copied (ownString).

import { StringDecoder } from 'node:string_decoder';

const LF = 10;
const CR = 13;

/** The position of the last "\n" or "\r" in `text`, or -1. */
function lastBreak(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === LF || code === CR) return i;
  }
  return -1;
}

/** Splits `text` up to and including `end` (a line break) into `out`. */
function splitInto(text: string, end: number, out: string[]) {
  let pos = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (pos <= end) {
    if (lf >= 0 && lf < pos) lf = text.indexOf('\n', pos);
    if (cr >= 0 && cr < pos) cr = text.indexOf('\r', pos);
    // text[end] is a break, so the next one is at or before it.
    const stop = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    out.push(text.slice(pos, stop));
    pos = stop + 1;
  }
}

/** The lines of `input` (chunks of UTF-8 bytes), in arrays of a chunk's lines. */
export async function* textLines(input: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of input) {
    const text = pending + decoder.write(chunk);
    const end = lastBreak(text);
    if (end < 0) {
      pending = text;
      continue;
    }
    const lines: string[] = [];
    splitInto(text, end, lines);
    pending = text.slice(end + 1);
    yield lines;
  }
  const rest = pending + decoder.end();
  if (rest) yield [rest];
}
