import { isAscii } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { forgetScannedBytes } from './clf-bytes';

// The lines of an upload in its bytes (issue 48, `npm run bench:logs`): the file (or a part of
// it, or a gunzipped stream) is read into ONE buffer, filled again and again, and each line is
// found where it lies; nothing is decoded or allocated for a line unless it is kept. Lines end at
// "\n", "\r\n" or a lone "\r", as readline's do, except that a "\r\n" may give an empty line
// between the two (the import skips blank lines). A UTF-8 character never holds the byte of
// "\n" or "\r", so lines found in the bytes are the lines of the decoded text.

/** Bytes read at a time, the size of the reading's one buffer. */
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
 * A region of whole lines: `bytes` from 0 to `end` are whole lines with their breaks, and `ascii`
 * says whether they are all ASCII. The byte after each line is a break: the last line of the file
 * may have none, and then a "\n" is put after it (at `end`). `tooLong`: a line of MAX_LINE bytes or
 * more came before these (it is not kept: no format's line is that long, and the buffer does not
 * grow for it).
 */
export type Region = { bytes: Buffer; end: number; ascii: boolean; tooLong: boolean };

/** A line this long or longer is counted as one not understood, without being kept. */
export const MAX_LINE = CHUNK;

/**
 * Reads past the rest of a line too long to keep, to its break: the bytes read after the break
 * are put at the start of `room`; how many, or -1 when the file ends first.
 */
async function skipLine(fill: Fill, room: Buffer): Promise<number> {
  for (;;) {
    const read = await fill(room, 0);
    if (read === 0) return -1;
    const view = room.subarray(0, read);
    const lf = view.indexOf(LF);
    const cr = view.indexOf(CR);
    const at = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    if (at >= 0) {
      room.copy(room, 0, at + 1, read);
      return read - at - 1;
    }
  }
}

/**
 * The regions of whole lines of what `fill` gives, in ONE buffer of CHUNK bytes (and one for the
 * break after a last line): each step fills the same buffer again, so read a region before
 * asking for the next.
 */
export async function* byteRegions(fill: Fill): AsyncGenerator<Region> {
  const bytes = Buffer.allocUnsafe(CHUNK + 1);
  const room = bytes.subarray(0, CHUNK);
  let used = 0;
  // The bytes before it hold no line break (they are searched once).
  let from = 0;
  let tooLong = false;
  for (;;) {
    if (used === CHUNK) {
      // A whole buffer and no break: a line too long to keep, read past to its end.
      tooLong = true;
      used = await skipLine(fill, room);
      from = 0;
      if (used < 0) {
        yield { bytes, end: 0, ascii: true, tooLong };
        return;
      }
    } else {
      const read = await fill(room, used);
      if (read === 0) {
        if (used > 0 || tooLong) {
          bytes[used] = LF;
          forgetScannedBytes();
          yield { bytes, end: used, ascii: isAscii(bytes.subarray(0, used)), tooLong };
        }
        return;
      }
      from = used;
      used += read;
    }
    const fresh = bytes.subarray(from, used);
    const last = Math.max(fresh.lastIndexOf(LF), fresh.lastIndexOf(CR));
    if (last < 0) {
      from = used;
      continue;
    }
    const end = from + last + 1;
    forgetScannedBytes();
    yield { bytes, end, ascii: isAscii(bytes.subarray(0, end)), tooLong };
    tooLong = false;
    bytes.copy(bytes, 0, end, used);
    used -= end;
    from = 0;
  }
}

/**
 * The lines of a region, in place: after each `next()` that is true, `start` to `end` (both -1
 * for a line too long to keep).
 */
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

  // A line too long to keep comes first (see Region): next() gives it as start = end = -1.
  private tooLong = false;

  reset(bytes: Buffer, limit: number, tooLong = false): this {
    this.tooLong = tooLong;
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
    if (this.tooLong) {
      this.tooLong = false;
      this.start = this.end = -1;
      return true;
    }
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
