import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { textLines } from './text-lines';

// The import reads lines with textLines instead of readline: the non-blank lines must be the same,
// however the bytes are cut into chunks.

const TEXT = 'first line\r\nsecond\nthird\rfourth, café ☕ 𝄞\r\n\r\n  \nlast with no end';

async function viaReadline(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  const reader = createInterface({ input: Readable.from(chunks), crlfDelay: Infinity });
  for await (const line of reader) if (line.trim()) out.push(line);
  return out;
}

async function viaTextLines(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  for await (const lines of textLines(Readable.from(chunks)))
    for (const line of lines) if (line.trim()) out.push(line);
  return out;
}

describe('reading lines a chunk at a time', () => {
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
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect({ size, lines: await viaTextLines(chunks) }).toEqual({ size, lines: expected });
      expect({ size, lines: await viaReadline(chunks) }).toEqual({ size, lines: expected });
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
    for (let size = 1; size <= bytes.length; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect({ size, lines: await viaTextLines(chunks) }).toEqual({ size, lines: expected });
    }
  });

  it('reads a text that ends with a line break, and an empty one', async () => {
    expect(await viaTextLines([Buffer.from('a\nb\n')])).toEqual(['a', 'b']);
    expect(await viaTextLines([])).toEqual([]);
  });
});
