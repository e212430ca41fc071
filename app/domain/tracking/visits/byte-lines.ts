import { isAscii } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { forgetScannedBytes } from './clf-bytes';

// The lines of an upload in its bytes (issue 48, `npm run bench:logs`): the file (or a part of
// it, or a gunzipped stream) is read into ONE buffer, filled again and again, and each line is
// found where it lies; nothing is decoded or allocated for a line unless it is kept. Lines end at
// "\n", "\r\n" or a lone "\r", as readline's do, except that a "\r\n" may give an empty line
// between the two (the import skips blank lines). A UTF-8 character never holds the byte of
// "\n" or "\r", so lines found in the bytes are the lines of the decoded text.

/** Bytes read at a time; the buffer grows only for a line longer than it. */
export const CHUNK = 1024 * 1024;

const LF = 10;
const CR = 13;

/** Copies up to `target.length - offset` next bytes into `target` at `offset`: how many (0: the end). */
export type Fill = (target: Buffer, offset: number) => Promise<number>;

/** Fill from `handle`, bytes `start` to `end` (exclusive). */
export function fileFill(handle: FileHandle, start: number, end: number): Fill {
  let position = start;
  return async (target, offset) => {
    const length = Math.min(target.length - offset, end - position);
    if (length <= 0) return 0;
    const { bytesRead } = await handle.read(target, offset, length, position);
    position += bytesRead;
    return bytesRead;
  };
}

/** Fill from chunks of bytes (a stream, a test's pieces). */
export function chunksFill(input: AsyncIterable<Buffer>): Fill {
  const chunks = input[Symbol.asyncIterator]();
  let pending: Buffer | null = null;
  return async (target, offset) => {
    while (!pending?.length) {
      const next = await chunks.next();
      if (next.done) return 0;
      pending = next.value;
    }
    const copied = pending.copy(target, offset);
    pending = pending.subarray(copied);
    return copied;
  };
}

/**
 * Regions of whole lines: after each step, `bytes` from 0 to `end` are whole lines with their
 * breaks, and `ascii` says whether they are all ASCII. The byte after each line is a break: the
 * last line of the file may have none, and then a "\n" is put after it (at `end`). The next step
 * fills the same buffer again: read a region before asking for the next.
 */
export async function* byteRegions(
  fill: Fill,
): AsyncGenerator<{ bytes: Buffer; end: number; ascii: boolean }> {
  // One spare byte past the bytes in use, for the break after a last line.
  let bytes = Buffer.allocUnsafe(CHUNK + 1);
  let used = 0;
  for (;;) {
    if (used === bytes.length - 1) {
      // A line longer than the buffer: a larger one.
      const larger = Buffer.allocUnsafe(bytes.length * 2);
      bytes.copy(larger, 0, 0, used);
      bytes = larger;
    }
    const read = await fill(bytes.subarray(0, bytes.length - 1), used);
    forgetScannedBytes();
    if (read === 0) {
      if (used > 0) {
        bytes[used] = LF;
        yield { bytes, end: used, ascii: isAscii(bytes.subarray(0, used)) };
      }
      return;
    }
    used += read;
    const last = Math.max(bytes.lastIndexOf(LF, used - 1), bytes.lastIndexOf(CR, used - 1));
    if (last < 0) continue;
    yield { bytes, end: last + 1, ascii: isAscii(bytes.subarray(0, last + 1)) };
    bytes.copy(bytes, 0, last + 1, used);
    used -= last + 1;
  }
}

/** The lines of a region, in place: after each `next()` that is true, `start` to `end`. */
export class ByteLineCursor {
  bytes: Buffer = Buffer.alloc(0);
  start = 0;
  end = 0;
  private limit = 0;
  private pos = 0;
  private lf = -1;
  private cr = -1;

  /** The region alone: a search in it stops at its end, not at the buffer's. */
  private region: Buffer = Buffer.alloc(0);

  reset(bytes: Buffer, limit: number): this {
    this.bytes = bytes;
    this.region = bytes.subarray(0, limit);
    this.limit = limit;
    this.pos = 0;
    this.lf = this.find(LF, 0);
    this.cr = this.find(CR, 0);
    return this;
  }

  /** The next `code` at or after `from` in the region, or the region's end. */
  private find(code: number, from: number): number {
    const at = this.region.indexOf(code, from);
    return at < 0 ? this.limit : at;
  }

  next(): boolean {
    const { pos, limit } = this;
    if (pos >= limit) return false;
    if (this.lf < pos) this.lf = this.find(LF, pos);
    if (this.cr < pos) this.cr = this.find(CR, pos);
    const stop = Math.min(this.lf, this.cr);
    this.start = pos;
    this.end = stop;
    this.pos = stop + 1;
    return true;
  }
}
