import { describe, expect, it } from 'vitest';
import { checkStages, runStages, type Stage } from './stages';

// The stages of `npm test`: what runs at the same time, what waits, and what a failure stops.

/** Runs stages with a fake command that takes `ms[name]` ms and fails for the names in `failing`. */
function fakeRun(ms: Record<string, number>, failing: string[] = []) {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const exec = async (stage: Stage) => {
    running += stage.cores;
    most = Math.max(most, running);
    log.push(`start ${stage.name}`);
    await new Promise((resolve) => setTimeout(resolve, ms[stage.name] ?? 5));
    log.push(`end ${stage.name}`);
    running -= stage.cores;
    return { code: failing.includes(stage.name) ? 1 : 0, output: `${stage.name} said hello\n` };
  };
  return { log, exec, most: () => most };
}

const stages: Stage[] = [
  { name: 'generate', command: 'g', cores: 1 },
  { name: 'build', command: 'b', after: ['generate'], cores: 2 },
  { name: 'e2e', command: 'e', after: ['build'], cores: 2 },
  { name: 'unit', command: 'u', after: ['generate'], cores: 2 },
  { name: 'lint', command: 'l', cores: 1 },
];

describe('runStages', () => {
  it('starts a stage only after every stage it needs has passed', async () => {
    const fake = fakeRun({ generate: 30, build: 30 });
    const results = await runStages(stages, { capacity: 3, exec: fake.exec });
    const at = (line: string) => fake.log.indexOf(line);
    expect(at('start build')).toBeGreaterThan(at('end generate'));
    expect(at('start unit')).toBeGreaterThan(at('end generate'));
    expect(at('start e2e')).toBeGreaterThan(at('end build'));
    expect(results.map((result) => [result.name, result.status])).toEqual(
      stages.map((stage) => [stage.name, 'passed']),
    );
    expect(results.find((result) => result.name === 'unit')!.output).toBe('unit said hello\n');
  });

  it('runs independent stages at the same time, within the capacity', async () => {
    const fake = fakeRun({ generate: 20, lint: 40, build: 40, unit: 40, e2e: 20 });
    await runStages(stages, { capacity: 3, exec: fake.exec });
    // lint beside generate from the start; then build (2) beside lint (1), unit after.
    expect(fake.log.slice(0, 2)).toEqual(['start generate', 'start lint']);
    expect(fake.most()).toBe(3);
    const fake1 = fakeRun({});
    await runStages(stages, { capacity: 1, exec: fake1.exec });
    // With room for one core, a two-core stage still runs (alone), and nothing runs beside it.
    expect(fake1.most()).toBe(2);
    for (let i = 0; i < fake1.log.length; i += 2) {
      expect(fake1.log[i]!.replace('start ', 'end ')).toBe(fake1.log[i + 1]);
    }
  });

  it('keeps the cores for the first stage waiting for them: a later, smaller one does not jump in', async () => {
    const fake = fakeRun({ long: 30, big: 10, small: 10 });
    await runStages(
      [
        { name: 'long', command: 'x', cores: 2 },
        { name: 'big', command: 'x', cores: 2 },
        { name: 'small', command: 'x', cores: 1 },
      ],
      { capacity: 3, exec: fake.exec },
    );
    expect(fake.log).toEqual([
      'start long',
      'end long',
      'start big',
      'start small',
      'end big',
      'end small',
    ]);
  });

  it('does not run what needs a failed stage, runs the rest, and says which is which', async () => {
    const fake = fakeRun({}, ['build']);
    const results = await runStages(stages, { capacity: 3, exec: fake.exec });
    expect(Object.fromEntries(results.map((result) => [result.name, result.status]))).toEqual({
      generate: 'passed',
      build: 'failed',
      e2e: 'not run',
      unit: 'passed',
      lint: 'passed',
    });
    expect(fake.log).not.toContain('start e2e');
  });

  it('marks a chain "not run" whatever order the list gives it', async () => {
    const fake = fakeRun({}, ['generate']);
    const chain: Stage[] = [
      { name: 'last', command: 'x', after: ['middle'], cores: 1 },
      { name: 'middle', command: 'x', after: ['generate'], cores: 1 },
      { name: 'generate', command: 'x', cores: 1 },
    ];
    const results = await runStages(chain, { capacity: 2, exec: fake.exec });
    expect(results.map((result) => result.status)).toEqual(['not run', 'not run', 'failed']);
  });
});

describe('checkStages', () => {
  it('refuses an unknown stage, a repeated name and a cycle', () => {
    expect(() => checkStages([{ name: 'a', command: 'x', after: ['b'], cores: 1 }])).toThrow(
      'a waits for an unknown stage b',
    );
    expect(() =>
      checkStages([
        { name: 'a', command: 'x', cores: 1 },
        { name: 'a', command: 'y', cores: 1 },
      ]),
    ).toThrow('two stages have the same name');
    expect(() =>
      checkStages([
        { name: 'a', command: 'x', after: ['b'], cores: 1 },
        { name: 'b', command: 'x', after: ['a'], cores: 1 },
      ]),
    ).toThrow('cycle');
  });
});
