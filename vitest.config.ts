import { globSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';
import { classifyTestFiles } from './scripts/lib/test-files';

const TEST_FILES = [
  'app/**/*.test.{ts,tsx}',
  'tests/integration/**/*.test.ts',
  'scripts/**/*.test.ts',
];

// The SQLite run (`npm run test:unit`) runs every test file. The PostgreSQL run
// (TEST_DATABASE=postgresql, `npm run test:unit:pg`) runs only the files that touch the database
// (scripts/lib/test-files.ts): a pure module's test says nothing new on a second engine. Each pure
// file is checked as it runs (tests/setup/test-env.ts) never to open the database client.
const files = classifyTestFiles(
  process.cwd(),
  TEST_FILES.flatMap((pattern) => globSync(pattern)),
);
const onPostgres = process.env.TEST_DATABASE === 'postgresql';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: onPostgres ? files.database : TEST_FILES,
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/test-env.ts'],
    provide: { pureTestFiles: files.pure },
    // In CI (CI=true, as .ci/run sets it) also the 20 slowest tests and the 10 slowest files.
    reporters: process.env.CI ? ['default', './tests/setup/slowest-reporter.ts'] : ['default'],
    // Integration tests share one migrated SQLite file per worker; keep workers few on 2 cores.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    pool: 'forks',
    // Many tests hash passwords (scrypt, ~100 ms each on an idle core); on a loaded 2-core machine
    // the 5 s default was hit by tests that merely wait their turn for the CPU.
    testTimeout: 15_000,
    // A file's beforeAll that imports the app and starts a fake server (mail-smtp) took over the
    // 10 s default while both suites and the journeys shared two cores.
    hookTimeout: 30_000,
  },
});
