import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnswer, type AnswerSource } from '~/domain/tracking/reading/reader';
import { answerMarkdown, type AnswerBlock, type AnswerInline } from './answer-markdown';

// Every name the reader marks in a real answer is marked on the rendered answer too: the corpus of
// engines' answers (tests/fixtures/tracking-answers), read and then placed on marked's tokens.

type Node = AnswerBlock | AnswerInline;

function marksOf(nodes: Node[]): string[] {
  return nodes.flatMap((node): string[] => {
    if ('children' in node) return marksOf(node.children);
    if (node.type === 'text') return node.mark ? [`${node.mark}:${node.text}`] : [];
    if (node.type === 'list') return marksOf(node.items.flat());
    if (node.type === 'table') return marksOf([...node.header, ...node.rows.flat()].flat());
    return [];
  });
}

const DIRECTORY = join(process.cwd(), 'tests/fixtures/tracking-answers');
const corpus = readdirSync(DIRECTORY)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const slug = file.replace(/\.json$/, '');
    const fixture = JSON.parse(readFileSync(join(DIRECTORY, file), 'utf8')) as {
      business: { name: string; website?: string | null; location?: string | null };
      competitors: string[];
      sources: AnswerSource[];
    };
    return { slug, fixture, text: readFileSync(join(DIRECTORY, `${slug}.md`), 'utf8') };
  });

describe('marks on the rendered answer', () => {
  it.each(corpus)('$slug', ({ fixture, text }) => {
    const { matches } = readAnswer({
      text,
      sources: fixture.sources,
      business: fixture.business,
      competitors: fixture.competitors,
    });
    const expected = [...matches]
      .sort((a, b) => a.start - b.start)
      .map((match) => `${match.kind}:${text.slice(match.start, match.end)}`);
    expect(marksOf(answerMarkdown(text, matches))).toEqual(expected);
  });
});
