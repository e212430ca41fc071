import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/test-env.ts'],
    // Integration tests share one migrated SQLite file per worker; keep workers few on 2 cores.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    pool: 'forks',
    // Many tests hash passwords (scrypt, ~100 ms each on an idle core); on a loaded 2-core machine
    // the 5 s default was hit by tests that merely wait their turn for the CPU.
    testTimeout: 15_000,
  },
});
