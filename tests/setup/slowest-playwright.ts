import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { formatSlowest, slowest, SLOWEST, type Timed } from './slowest-reporter';

// Playwright reporter (in CI: playwright.config.ts): the 20 slowest journeys after the run, as Vitest's.
export default class SlowestJourneys implements Reporter {
  private timed: Timed[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.timed.push({
      // ['', project, file, ...describes, title]
      name: test.titlePath().slice(3).join(' > '),
      file: path.relative(process.cwd(), test.location.file),
      ms: result.duration,
    });
  }

  onEnd() {
    if (this.timed.length)
      console.log(
        formatSlowest(
          `The ${SLOWEST} slowest journeys (Playwright):`,
          slowest(this.timed, SLOWEST),
        ),
      );
  }

  printsToStdio() {
    return false;
  }
}
