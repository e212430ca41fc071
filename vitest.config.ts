import { globSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';
import { classifyTestFiles, splitSharing } from './scripts/lib/test-files';

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
// Loading the app's modules is most of a small database file's time, paid again for every file
// when each runs in a fresh worker. So the database files that leave the environment and the
// module graph alone share a worker's loaded modules and its database (emptied between files,
// tests/setup/test-env.ts): the `shared` project, on forks that keep their modules. The others
// (a file that sets the environment the app reads at import, or mocks modules) and the pure
// files get a fresh worker each: the `own` project, on threads (cheaper to start than forks).
const sharing = splitSharing(process.cwd(), files.database);

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/test-env.ts'],
    provide: { pureTestFiles: files.pure },
    // In CI (CI=true, as .ci/run sets it) also the 20 slowest tests and the 10 slowest files.
    reporters: process.env.CI ? ['default', './tests/setup/slowest-reporter.ts'] : ['default'],
    // Few workers on 2 cores: the journeys run beside the suite (scripts/test.ts).
    poolOptions: {
      forks: { maxForks: 2, minForks: 1, isolate: false },
      threads: { maxThreads: 1, minThreads: 1, isolate: true },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: sharing.shared,
          pool: 'forks',
          provide: { sharedWorker: true },
        },
      },
      {
        extends: true,
        test: {
          name: 'own',
          include: onPostgres ? sharing.own : [...files.pure, ...sharing.own],
          pool: 'threads',
          provide: { sharedWorker: false },
        },
      },
    ],
    // Many tests hash passwords (scrypt, ~100 ms each on an idle core); on a loaded 2-core machine
    // the 5 s default was hit by tests that merely wait their turn for the CPU.
    testTimeout: 15_000,
    // A file's beforeAll that imports the app and starts a fake server (mail-smtp) took over the
    // 10 s default while both suites and the journeys shared two cores.
    hookTimeout: 30_000,
  },
});
