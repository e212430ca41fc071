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

/**
 * The lines of a text, in place: after each `next()` that is true, the line is `text`'s
 * characters from `start` to `end` (the break after it not included). No line is cut out.
 */
export class LineCursor {
  text = '';
  start = 0;
  end = 0;
  private pos = 0;
  private lf = -1;
  private cr = -1;

  /** Starts on the lines of `text` (which ends with a break, or is a last line without one). */
  reset(text: string): this {
    this.text = text;
    this.pos = 0;
    this.lf = text.indexOf('\n');
    this.cr = text.indexOf('\r');
    return this;
  }

  next(): boolean {
    const { text, pos } = this;
    if (pos >= text.length) return false;
    if (this.lf >= 0 && this.lf < pos) this.lf = text.indexOf('\n', pos);
    if (this.cr >= 0 && this.cr < pos) this.cr = text.indexOf('\r', pos);
    const { lf, cr } = this;
    const stop = lf < 0 ? (cr < 0 ? text.length : cr) : cr < 0 ? lf : Math.min(lf, cr);
    this.start = pos;
    this.end = stop;
    this.pos = stop + 1;
    return true;
  }
}

/** The position of the first or last "\n" or "\r" byte in `bytes`, or -1. */
function firstBreak(bytes: Buffer): number {
  const lf = bytes.indexOf(LF);
  const cr = bytes.indexOf(CR);
  return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
}
const lastBreak = (bytes: Buffer) => Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR));

/**
 * The text of `input` (chunks of UTF-8 bytes) in pieces of whole lines: each piece ends with a
 * line break, but the last, which is the last line when the text does not end with a break.
 */
export async function* textChunks(input: AsyncIterable<Buffer>): AsyncGenerator<string> {
  // The bytes after the last line break read so far (a line not yet ended).
  let pending: Buffer | null = null;
  for await (const chunk of input) {
    const end = lastBreak(chunk);
    if (end < 0) {
      pending = pending ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
      continue;
    }
    let from = 0;
    if (pending) {
      // The line begun in earlier chunks, to the first break of this one.
      from = firstBreak(chunk) + 1;
      yield Buffer.concat([pending, chunk.subarray(0, from)]).toString('utf8');
    }
    // A copy: the chunk itself is not kept for a line's last bytes.
    pending = end + 1 < chunk.length ? Buffer.from(chunk.subarray(end + 1)) : null;
    if (from <= end) yield chunk.toString('utf8', from, end + 1);
  }
  const rest = pending ? pending.toString('utf8') : '';
  if (rest) yield rest;
}

/** The lines of `input` (chunks of UTF-8 bytes), in arrays of a piece's lines (slices of it). */
export async function* textLines(input: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const cursor = new LineCursor();
  for await (const text of textChunks(input)) {
    const lines: string[] = [];
    cursor.reset(text);
    while (cursor.next()) lines.push(text.slice(cursor.start, cursor.end));
    yield lines;
  }
}
