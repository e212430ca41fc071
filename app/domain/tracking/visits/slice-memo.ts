// Answers remembered per piece of a line (a User-Agent, a Referer), found without cutting the piece
// out of the line (issue 48, `npm run bench:logs`). A log repeats a few hundred User-Agent and
// Referer texts over millions of lines; a Map keyed by the text would need the text as a string of
// its own (a slice, an allocation) and its full hash for every line. Here the key is a cheap hash
// of the piece's length and a few of its characters (the last ones most: versions differ there),
// and a hit is confirmed by comparing the whole text in place (startsWith at the piece's offset,
// and the same length), so two pieces with the same cheap hash never share an answer. Open
// addressing in a fixed table; full, it starts again empty (memory stays bounded). Pure.

import { ownString } from '~/lib/own-string';

const SLOTS = 1 << 12;
const MASK = SLOTS - 1;
/** At most half the slots are used, so a probe soon finds the text or an empty slot. */
const LIMIT = SLOTS >> 1;
/** A longer piece is not remembered (its answer is computed each time): memory stays small. */
export const MAX_KEPT = 1024;

function cheapHash(line: string, start: number, end: number): number {
  const length = end - start;
  let h = Math.imul(length, 0x9e3779b1);
  if (length > 0) {
    h = Math.imul(h ^ line.charCodeAt(end - 1), 0x85ebca6b);
    h = Math.imul(h ^ line.charCodeAt(end - 1 - (length >> 4)), 0xc2b2ae35);
    h = Math.imul(h ^ line.charCodeAt(end - 1 - (length >> 3)), 0x27d4eb2f);
    h = Math.imul(h ^ line.charCodeAt(end - 1 - (length >> 2)), 0x165667b1);
    h = Math.imul(h ^ line.charCodeAt(start + (length >> 1)), 0x9e3779b1);
    h = Math.imul(h ^ line.charCodeAt(start + (length >> 2)), 0x85ebca6b);
    h = Math.imul(h ^ line.charCodeAt(start), 0xc2b2ae35);
  }
  return (h ^ (h >>> 15)) & MASK;
}

export class SliceMemo<T> {
  private texts: (string | undefined)[] = new Array<string | undefined>(SLOTS);
  private answers: (T | undefined)[] = new Array<T | undefined>(SLOTS);
  private used = 0;

  /** Forgets every answer (the table is reused). */
  clear(): void {
    this.texts.fill(undefined);
    this.answers.fill(undefined);
    this.used = 0;
  }

  /**
   * The answer for `line.slice(start, end)`: remembered, or `compute`d from that text (a string
   * of its own, which is kept) and remembered.
   */
  get(line: string, start: number, end: number, compute: (text: string) => T): T {
    const length = end - start;
    let slot = cheapHash(line, start, end);
    for (;;) {
      const text = this.texts[slot];
      if (text === undefined) break;
      if (text.length === length && line.slice(start, end) === text) return this.answers[slot]!;
      slot = (slot + 1) & MASK;
    }
    if (length > MAX_KEPT) return compute(line.slice(start, end));
    if (this.used >= LIMIT) {
      this.clear();
      slot = cheapHash(line, start, end);
    }
    // Kept: a string of its own, not a slice of the chunk the line came in.
    const text = ownString(line.slice(start, end));
    const answer = compute(text);
    this.texts[slot] = text;
    this.answers[slot] = answer;
    this.used += 1;
    return answer;
  }
}

/** cheapHash for the bytes from `start` to `end`. */
function cheapHashBytes(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  let h = Math.imul(length, 0x9e3779b1);
  if (length > 0) {
    h = Math.imul(h ^ bytes[end - 1]!, 0x85ebca6b);
    h = Math.imul(h ^ bytes[end - 1 - (length >> 4)]!, 0xc2b2ae35);
    h = Math.imul(h ^ bytes[end - 1 - (length >> 3)]!, 0x27d4eb2f);
    h = Math.imul(h ^ bytes[end - 1 - (length >> 2)]!, 0x165667b1);
    h = Math.imul(h ^ bytes[start + (length >> 1)]!, 0x9e3779b1);
    h = Math.imul(h ^ bytes[start + (length >> 2)]!, 0x85ebca6b);
    h = Math.imul(h ^ bytes[start]!, 0xc2b2ae35);
  }
  return (h ^ (h >>> 15)) & MASK;
}

/** Whether `key` is the bytes of `view` from `start` on (the caller checked the length). */
function sameBytes(key: DataView, view: DataView, start: number): boolean {
  // Four bytes at a time (a read of four bytes is as cheap as one), then the last few.
  const length = key.byteLength;
  let i = 0;
  for (; i + 4 <= length; i += 4)
    if (key.getUint32(i, true) !== view.getUint32(start + i, true)) return false;
  for (; i < length; i++) if (key.getUint8(i) !== view.getUint8(start + i)) return false;
  return true;
}

// A DataView of the buffer a memo was last asked about (the import fills one buffer again and
// again: one view serves every line).
let viewed: { bytes: Uint8Array | null; view: DataView } = {
  bytes: null,
  view: new DataView(new ArrayBuffer(0)),
};
function viewOf(bytes: Uint8Array): DataView {
  if (viewed.bytes !== bytes)
    viewed = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  return viewed.view;
}

/**
 * SliceMemo for a piece of a line in a buffer of ASCII bytes (./clf-bytes.ts): the key is a copy
 * of the piece's bytes, a hit is confirmed byte by byte in place, and `compute` is given the
 * piece as text (each byte the character it stands for).
 */
export class ByteMemo<T> {
  private keys: (DataView | undefined)[] = new Array<DataView | undefined>(SLOTS);
  private answers: (T | undefined)[] = new Array<T | undefined>(SLOTS);
  private used = 0;

  clear(): void {
    this.keys.fill(undefined);
    this.answers.fill(undefined);
    this.used = 0;
    this.hit.bytes = null;
    // Nor the buffer last asked about.
    viewed = { bytes: null, view: new DataView(new ArrayBuffer(0)) };
  }

  // The last piece `has` found (its buffer, start and end, and slot): `get` of the same piece
  // answers without comparing it again.
  private hit = { bytes: null as Uint8Array | null, start: -1, end: -1, slot: -1 };

  /** The slot that holds these bytes, or -1. */
  private find(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let slot = cheapHashBytes(bytes, start, end);
    const view = viewOf(bytes);
    for (;;) {
      const key = this.keys[slot];
      if (key === undefined) return -1;
      if (key.byteLength === length && sameBytes(key, view, start)) return slot;
      slot = (slot + 1) & MASK;
    }
  }

  /** Forgets the piece `has` found last (a new line is scanned). */
  forgetHit(): void {
    this.hit.bytes = null;
  }

  /** Whether an answer is remembered for the bytes from `start` to `end`. */
  has(bytes: Uint8Array, start: number, end: number): boolean {
    const slot = this.find(bytes, start, end);
    if (slot < 0) return false;
    const { hit } = this;
    hit.bytes = bytes;
    hit.start = start;
    hit.end = end;
    hit.slot = slot;
    return true;
  }

  get(bytes: Buffer, start: number, end: number, compute: (text: string) => T): T {
    const { hit } = this;
    if (hit.bytes === bytes && hit.start === start && hit.end === end) {
      hit.bytes = null;
      return this.answers[hit.slot]!;
    }
    hit.bytes = null;
    let slot = this.find(bytes, start, end);
    if (slot >= 0) return this.answers[slot]!;
    if (end - start > MAX_KEPT) return compute(bytes.toString('latin1', start, end));
    if (this.used >= LIMIT) this.clear();
    slot = cheapHashBytes(bytes, start, end);
    while (this.keys[slot] !== undefined) slot = (slot + 1) & MASK;
    const answer = compute(bytes.toString('latin1', start, end));
    // A copy: the buffer is filled again with the next bytes of the file.
    this.keys[slot] = new DataView(Uint8Array.prototype.slice.call(bytes, start, end).buffer);
    this.answers[slot] = answer;
    this.used += 1;
    return answer;
  }
}
