// The lines of a stream of text, a chunk at a time (issue 48, `npm run bench:logs`): what readline
// gives, without its cost per line (an event, a promise and a turn of the microtask queue each;
// a million-line log is read here with one await per chunk). Lines end at "\n", "\r\n" or a lone
// "\r", as readline's do, except that a "\r\n" may give an empty line between the two (the import
// skips blank lines, as it always did). The line breaks are found in the bytes (a UTF-8 character
// never holds the byte of "\n" or "\r"), so each chunk's text up to its last break is decoded in
// one piece, already flat; only the bytes after it wait for the next chunk, so characters split
// across chunks are kept whole. A line is a slice of its chunk's text: what is kept of it must be
// copied (ownString).

const LF = 10;
const CR = 13;

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

/** The position of the first or last "\n" or "\r" byte in `bytes`, or -1. */
function firstBreak(bytes: Buffer): number {
  const lf = bytes.indexOf(LF);
  const cr = bytes.indexOf(CR);
  return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
}
const lastBreak = (bytes: Buffer) => Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR));

/** The lines of `input` (chunks of UTF-8 bytes), in arrays of a chunk's lines. */
export async function* textLines(input: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  // The bytes after the last line break read so far (a line not yet ended).
  let pending: Buffer | null = null;
  for await (const chunk of input) {
    const end = lastBreak(chunk);
    if (end < 0) {
      pending = pending ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
      continue;
    }
    const lines: string[] = [];
    let from = 0;
    if (pending) {
      // The line begun in earlier chunks, to the first break of this one.
      from = firstBreak(chunk) + 1;
      const head = Buffer.concat([pending, chunk.subarray(0, from)]).toString('utf8');
      splitInto(head, head.length - 1, lines);
    }
    if (from <= end) {
      const text = chunk.toString('utf8', from, end + 1);
      splitInto(text, text.length - 1, lines);
    }
    // A copy: the chunk itself is not kept for a line's last bytes.
    pending = end + 1 < chunk.length ? Buffer.from(chunk.subarray(end + 1)) : null;
    yield lines;
  }
  const rest = pending ? pending.toString('utf8') : '';
  if (rest) yield [rest];
}
