import { describe, expect, it } from 'vitest';
import { ByteMemo, MAX_KEPT, SliceMemo } from './slice-memo';

// A remembered answer must be the one for exactly that text: texts with the same length and the
// same sampled characters (the same cheap hash) still get their own answers, and a full table
// starts again instead of growing.

/** An answer for a text ("answer for …"), and how many were computed. */
function counting() {
  let count = 0;
  return {
    compute: (text: string) => {
      count += 1;
      return `answer for ${text}`;
    },
    computed: () => count,
  };
}

describe('answers remembered per piece of a line', () => {
  it('answers each text its own, even texts that differ only where the hash does not look', () => {
    const memo = new SliceMemo<string>();
    const { compute, computed } = counting();
    // 40 characters; only the 6th differs (the hash samples the ends, the middle and a quarter).
    const texts = Array.from(
      { length: 200 },
      (_, i) => `abcde${String.fromCharCode(0x4e00 + i)}${'x'.repeat(34)}`,
    );
    for (let round = 0; round < 3; round++)
      for (const text of texts) {
        const line = `"${text}" and more`;
        expect(memo.get(line, 1, 1 + text.length, compute)).toBe(`answer for ${text}`);
      }
    expect(computed()).toBe(texts.length);
    // A piece that is a prefix of a remembered text is another text.
    expect(memo.get(`${texts[0]}`, 0, 10, compute)).toBe(`answer for ${texts[0]!.slice(0, 10)}`);
    expect(memo.get('', 0, 0, compute)).toBe('answer for ');
  });

  it('starts again when full, still answering right', () => {
    const memo = new SliceMemo<number>();
    let computed = 0;
    const length = (text: string) => {
      computed += 1;
      return text.length;
    };
    for (let i = 0; i < 10_000; i++) {
      const text = `ua-${i}`;
      expect(memo.get(`x ${text} y`, 2, 2 + text.length, length)).toBe(text.length);
    }
    expect(computed).toBe(10_000);
    // The last ones are remembered.
    expect(memo.get('ua-9999', 0, 7, length)).toBe(7);
    expect(computed).toBe(10_000);
  });

  it('remembers bytes as their text, each its own, and not a piece longer than MAX_KEPT', () => {
    const memo = new ByteMemo<string>();
    const { compute, computed } = counting();
    // Same length, same sampled bytes: only the 6th byte differs.
    const texts = Array.from(
      { length: 200 },
      (_, i) => `abcde${String.fromCharCode(40 + (i % 80))}${'x'.repeat(34)}`,
    );
    for (let round = 0; round < 2; round++)
      for (const text of new Set(texts)) {
        const bytes = Buffer.from(`"${text}" and more`);
        expect(memo.has(bytes, 1, 1 + text.length)).toBe(round === 1);
        expect(memo.get(bytes, 1, 1 + text.length, compute)).toBe(`answer for ${text}`);
      }
    expect(computed()).toBe(new Set(texts).size);
    const long = Buffer.from('y'.repeat(MAX_KEPT + 1));
    memo.get(long, 0, long.length, compute);
    memo.get(long, 0, long.length, compute);
    expect(computed()).toBe(new Set(texts).size + 2);
    expect(memo.has(long, 0, long.length)).toBe(false);
    // Cleared, it remembers nothing.
    memo.clear();
    expect(memo.has(Buffer.from(texts[0]!), 0, texts[0]!.length)).toBe(false);
  });
});
