// `npm test`: every check the project has, the independent ones at the same time.
//
//   prisma:generate ─┬─ typecheck                      lint (needs nothing generated)
//                    ├─ migration check
//                    ├─ Vitest on SQLite (every test file)
//                    ├─ Vitest on PostgreSQL (the files that touch the database)
//                    └─ build ─┬─ Playwright
//                              └─ budget
//
// A stage starts when what it needs has passed and its cores fit beside the running ones
// (TEST_CAPACITY, default twice the machine's cores and one: Vitest and Playwright wait on their
// servers, databases and browsers much of the time), in the order below. Each stage's output is
// printed whole when it ends; then a table of the stages' times. Exits 1 when any stage failed; a failed
// stage's dependants are not run, the others are.
import { availableParallelism } from 'node:os';
import { runStages, type Stage, type StageResult } from './lib/stages';

// In order of priority: the longest chains first (the SQLite suite, the build and the journeys),
// so they start at once; then the short checks, which fit in beside them in the first minutes
// (one core more than the suites take, see TEST_CAPACITY) instead of queueing behind the suites
// and running alone at the end; the PostgreSQL suite last, when the SQLite suite hands it its cores.
export const TEST_STAGES: Stage[] = [
  { name: 'prisma:generate', command: 'npm run prisma:generate', cores: 1 },
  // `npm run build` without its own prisma:generate, which would rewrite the generated clients
  // under the feet of the stages reading them.
  { name: 'build', command: 'react-router build', after: ['prisma:generate'], cores: 1 },
  { name: 'test:unit', command: 'npm run test:unit', after: ['prisma:generate'], cores: 2 },
  { name: 'test:e2e', command: 'playwright test', after: ['build'], cores: 2 },
  { name: 'lint', command: 'npm run lint', cores: 1 },
  { name: 'typecheck', command: 'npm run typecheck', after: ['prisma:generate'], cores: 1 },
  {
    name: 'db:migration:check',
    command: 'npm run db:migration:check',
    after: ['prisma:generate'],
    cores: 1,
  },
  { name: 'budget', command: 'npm run budget', after: ['build'], cores: 1 },
  { name: 'test:unit:pg', command: 'npm run test:unit:pg', after: ['prisma:generate'], cores: 2 },
];

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function summary(results: StageResult[], totalMs: number): string {
  const width = Math.max(...results.map((result) => result.name.length)) + 2;
  const lines = results.map(
    (result) =>
      `${result.name.padEnd(width)}${result.status.padEnd(9)}${
        result.status === 'not run'
          ? ''
          : `from ${clock(result.startedMs)}  took ${clock(result.ms)}`
      }`,
  );
  return [`\nnpm test: ${clock(totalMs)} in all (m:ss)`, ...lines].join('\n');
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const capacity = Number(process.env.TEST_CAPACITY ?? availableParallelism() * 2 + 1);
  const started = performance.now();
  const stamp = () => clock(performance.now() - started);
  const results = await runStages(TEST_STAGES, {
    capacity,
    onStart: (stage) => console.log(`[${stamp()}] ${stage.name}: started (${stage.command})`),
    onEnd: (result) => {
      if (result.status === 'not run') {
        console.log(`[${stamp()}] ${result.name}: not run (a stage it needs failed)`);
        return;
      }
      console.log(
        `\n[${stamp()}] ──── ${result.name}: ${result.status} in ${clock(result.ms)} ────`,
      );
      process.stdout.write(result.output);
    },
  });
  console.log(summary(results, performance.now() - started));
  process.exit(results.every((result) => result.status === 'passed') ? 0 : 1);
}
