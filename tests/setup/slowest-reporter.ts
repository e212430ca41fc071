import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// Vitest reporter (in CI: vitest.config.ts): after the run, the 20 slowest tests and the 10 slowest files
// (with their set-up and import time), so the test command's time has names attached to it and a
// test that grew slow is seen the day it does.
export const SLOWEST = 20;

export type Timed = { name: string; file: string; ms: number };

/** The `count` slowest entries, slowest first (ties by name, so the list is stable). */
export function slowest(entries: Timed[], count: number): Timed[] {
  return [...entries]
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file) || a.name.localeCompare(b.name))
    .slice(0, count);
}

export function formatSlowest(title: string, entries: Timed[]): string {
  const lines = entries.map(
    ({ name, file, ms }) =>
      `${(ms / 1000).toFixed(2).padStart(7)} s  ${file}${name ? `  ${name}` : ''}`,
  );
  return [`\n${title}`, ...lines].join('\n');
}

export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tests: Timed[] = [];
    const files: Timed[] = [];
    for (const module of testModules) {
      // Named as Vitest names it, with its project (vitest.config.ts: shared or own worker).
      const project = module.project.name;
      const file = `${project ? `|${project}| ` : ''}${path.relative(process.cwd(), module.moduleId)}`;
      const diagnostic = module.diagnostic();
      // The whole file: preparing the worker, importing the modules, set-up files and the tests.
      files.push({
        name: `(set-up ${((diagnostic.setupDuration + diagnostic.collectDuration) / 1000).toFixed(1)} s)`,
        file,
        ms:
          diagnostic.prepareDuration +
          diagnostic.setupDuration +
          diagnostic.collectDuration +
          diagnostic.duration,
      });
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined) tests.push({ name: test.fullName, file, ms });
      }
    }
    if (!tests.length) return;
    const where = process.env.TEST_DATABASE === 'postgresql' ? 'PostgreSQL' : 'SQLite';
    console.log(
      formatSlowest(`The ${SLOWEST} slowest tests (Vitest, ${where}):`, slowest(tests, SLOWEST)),
    );
    console.log(formatSlowest('The 10 slowest test files:', slowest(files, 10)));
  }
}
