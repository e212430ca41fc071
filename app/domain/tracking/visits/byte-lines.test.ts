import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { byteRegions, ByteLineCursor, chunksFill, CHUNK, MAX_LINE } from './byte-lines';

// The import finds lines in the bytes of an upload, in one buffer filled again and again
// (./byte-lines.ts), instead of readline: decoded, the non-blank lines must be the ones readline
// gives, however the bytes come in, and whether the buffer's bytes are all ASCII or not.

/** What viaByteLines gives for a line too long to keep. */
const TOO_LONG = '(a line too long)';

const TEXT = 'first line\r\nsecond\nthird\rfourth, café ☕ 𝄞\r\n\r\n  \nlast with no end';

async function viaReadline(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  const reader = createInterface({ input: Readable.from(chunks), crlfDelay: Infinity });
  for await (const line of reader) if (line.trim()) out.push(line);
  return out;
}

async function viaByteLines(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  const cursor = new ByteLineCursor();
  async function* pieces() {
    yield* chunks;
  }
  for await (const { bytes, end, ascii, tooLong } of byteRegions(chunksFill(pieces()))) {
    // `ascii` is true exactly when the region's bytes are all below 128.
    expect(ascii).toBe(bytes.subarray(0, end).every((byte) => byte < 128));
    cursor.reset(bytes, end, tooLong);
    while (cursor.next()) {
      if (cursor.start < 0) {
        out.push(TOO_LONG);
        continue;
      }
      // The byte after each line is a line break, the last line's too.
      expect([10, 13]).toContain(bytes[cursor.end]);
      const line = bytes.toString('utf8', cursor.start, cursor.end);
      if (line.trim()) out.push(line);
    }
  }
  return out;
}

const cut = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
};

describe('finding lines in the bytes', () => {
  it('gives the non-blank lines readline gives, wherever the chunks are cut', async () => {
    const bytes = Buffer.from(TEXT, 'utf8');
    const expected = await viaReadline([bytes]);
    expect(expected).toEqual([
      'first line',
      'second',
      'third',
      'fourth, café ☕ 𝄞',
      'last with no end',
    ]);
    for (let size = 1; size <= bytes.length; size++) {
      expect({ size, lines: await viaByteLines(cut(bytes, size)) }).toEqual({
        size,
        lines: expected,
      });
      expect({ size, lines: await viaReadline(cut(bytes, size)) }).toEqual({
        size,
        lines: expected,
      });
    }
  });

  it('decodes damaged UTF-8 (a stray byte, a character cut by a line break) as readline does', async () => {
    const bytes = Buffer.concat([
      Buffer.from('bad '),
      Buffer.from([0xff]),
      Buffer.from(' byte\ncut '),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('\r\nlead '),
      Buffer.from([0xf0, 0x9d]),
      Buffer.from('\nend ☕'),
    ]);
    const expected = await viaReadline([bytes]);
    expect(expected).toHaveLength(4);
    for (let size = 1; size <= bytes.length; size++)
      expect({ size, lines: await viaByteLines(cut(bytes, size)) }).toEqual({
        size,
        lines: expected,
      });
  });

  it('gives a line of MAX_LINE bytes or more as one too long (not kept), and the lines after it', async () => {
    const long = 'x'.repeat(CHUNK * 2 + 17);
    const bytes = Buffer.from(`short\n${long}\r\nafter\nlast`);
    for (const size of [300_000, CHUNK, 7_777_777])
      expect(await viaByteLines(cut(bytes, size))).toEqual(['short', TOO_LONG, 'after', 'last']);
    // Just short of it, a line is kept; at the end of the file, with no break, one too long.
    const longest = 'y'.repeat(MAX_LINE - 1);
    expect(await viaByteLines(cut(Buffer.from(`${longest}\n${long}`), 65_536))).toEqual([
      longest,
      TOO_LONG,
    ]);
    expect(await viaByteLines([Buffer.from(`a\n${'z'.repeat(MAX_LINE)}`)])).toEqual([
      'a',
      TOO_LONG,
    ]);
  });

  it('reads a text that ends with a line break, and an empty one', async () => {
    expect(await viaByteLines([Buffer.from('a\nb\n')])).toEqual(['a', 'b']);
    expect(await viaByteLines([])).toEqual([]);
  });
});
