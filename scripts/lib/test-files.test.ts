import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyTestFiles, needsOwnModules, runtimeImports } from './test-files';

// Which test files the PostgreSQL run takes: those that reach the database by any import path.

const root = mkdtempSync(path.join(tmpdir(), 'aiv-test-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

write({
  'app/lib/db.server.ts': "import { PrismaClient } from '~/generated/prisma/client';\n",
  'app/domain/users.server.ts': "import { db } from '~/lib/db.server';\nexport const x = db;\n",
  'app/domain/words.ts': "import { z } from 'zod';\nexport const words = z.string();\n",
  'app/domain/types.ts':
    "import type { Thing } from '~/domain/users.server';\nexport type T = Thing;\n",
  'app/domain/inline-types.ts':
    "import { type A, type B } from './users.server';\nexport type AB = A | B;\n",
  'app/domain/mixed.ts': "import { type A, x } from './users.server';\nexport const y = x;\n",
  'app/domain/reexport.ts': "export { x } from './users.server';\n",
  'app/domain/reexport-type.ts': "export type { A } from './users.server';\n",
  'app/domain/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = 1;\n",
  'app/domain/cycle-b.ts':
    "import { a } from './cycle-a';\nimport { x } from './users.server';\nexport const b = a + x;\n",
  'app/domain/driver.ts': "import pg from 'pg';\nexport const Pool = pg.Pool;\n",
  'app/domain/side-effect.ts': "import '~/domain/users.server';\n",
  'app/domain/multi-line.ts':
    "import {\n  words,\n  type T,\n} from './words';\nimport {\n  x,\n} from './users.server';\n",
  'tests/pure.test.ts':
    "import { words } from '~/domain/words';\nimport { T } from '~/domain/types';\n",
  'tests/type-only.test.ts':
    "import type { AB } from '~/domain/inline-types';\nimport { words } from '../app/domain/words';\n",
  'tests/inline-types.test.ts': "import '~/domain/inline-types';\n",
  'tests/direct.test.ts': "import { db } from '~/lib/db.server';\n",
  'tests/transitive.test.ts': "import { x } from '../app/domain/users.server.ts';\n",
  'tests/mixed.test.ts': "import { y } from '~/domain/mixed';\n",
  'tests/reexport.test.ts': "import { x } from '~/domain/reexport';\n",
  'tests/reexport-type.test.ts': "import type { A } from '~/domain/reexport-type';\n",
  'tests/dynamic.test.ts':
    "const port = await vi.hoisted(async () => 1);\nconst route = await import('~/domain/users.server');\n",
  'tests/cycle.test.ts': "import { a } from '~/domain/cycle-a';\n",
  'tests/driver.test.ts': "import { Pool } from '~/domain/driver';\n",
  'tests/side-effect.test.ts': "import '~/domain/side-effect';\n",
  'tests/multi-line.test.ts': "import { words } from '~/domain/multi-line';\n",
  'tests/child.test.ts': "spawn('node', ['server.js'], { env: { DATABASE_URL: url } });\n",
  'tests/generated.test.ts': "import { Prisma } from '~/generated/prisma/client';\n",
});

describe('classifyTestFiles', () => {
  const files = [
    'tests/pure.test.ts',
    'tests/type-only.test.ts',
    'tests/inline-types.test.ts',
    'tests/reexport-type.test.ts',
    'tests/direct.test.ts',
    'tests/transitive.test.ts',
    'tests/mixed.test.ts',
    'tests/reexport.test.ts',
    'tests/dynamic.test.ts',
    'tests/cycle.test.ts',
    'tests/driver.test.ts',
    'tests/side-effect.test.ts',
    'tests/multi-line.test.ts',
    'tests/child.test.ts',
    'tests/generated.test.ts',
  ];
  const { database, pure } = classifyTestFiles(root, files);

  it('sends a file to both databases when any run-time import path reaches the database', () => {
    expect(database).toEqual([
      'tests/child.test.ts',
      'tests/cycle.test.ts',
      'tests/direct.test.ts',
      'tests/driver.test.ts',
      'tests/dynamic.test.ts',
      'tests/generated.test.ts',
      'tests/mixed.test.ts',
      'tests/multi-line.test.ts',
      'tests/reexport.test.ts',
      'tests/side-effect.test.ts',
      'tests/transitive.test.ts',
    ]);
  });

  it('runs a file once when it reaches the database through types only, or not at all', () => {
    expect(pure).toEqual([
      'tests/inline-types.test.ts',
      'tests/pure.test.ts',
      'tests/reexport-type.test.ts',
      'tests/type-only.test.ts',
    ]);
  });

  it('classifies every file it is given, once', () => {
    expect([...database, ...pure].sort()).toEqual([...files].sort());
  });
});

describe('runtimeImports', () => {
  it('reads static, side-effect and dynamic imports and leaves type-only ones out', () => {
    const text = [
      "import { a, type B } from './a';",
      "import type { C } from './c';",
      "import { type D } from './d';",
      "import * as e from 'e';",
      'import f, { g } from "./f";',
      "import './side';",
      "export * from './all';",
      "export type { H } from './h';",
      "const later = await import('./later');",
      "const notAnImport = 'from ./nowhere';",
    ].join('\n');
    expect(runtimeImports(text).sort()).toEqual(
      ['./a', 'e', './f', './side', './all', './later'].sort(),
    );
  });
});

describe('needsOwnModules', () => {
  // A database file that sets the environment the app reads at import, or swaps modules, must not
  // share a worker whose modules were loaded for another file (vitest.config.ts).
  it('is true for a file that sets the environment or mocks modules', () => {
    for (const text of [
      "process.env.OPENAI_API_KEY = 'sk-test';",
      "process.env['TRACKING_SAMPLES'] = '2';",
      "process.env.DEMO_TRACKING ??= 'true';",
      'delete process.env.SMTP_URL;',
      "vi.stubEnv('NODE_ENV', 'production');",
      "vi.mock('node:dns/promises');",
      "vi.doMock('~/lib/mail.server', () => ({}));",
      'vi.resetModules();',
      "const port = await vi.hoisted(async () => (await import('./stripe-env')).useStripeFake('x'));",
      'Object.assign(process.env, { A: "1" });',
    ])
      expect(needsOwnModules(text), text).toBe(true);
  });

  it('is false for a file that only reads the environment or compares it', () => {
    for (const text of [
      'const key = process.env.OPENAI_API_KEY;',
      "if (process.env.TEST_DATABASE === 'postgresql') skip();",
      "expect(process.env.TRUST_PROXY == 'true').toBe(true);",
      "spawn('node', ['x.js'], { env: { ...process.env, PORT: '1' } });",
    ])
      expect(needsOwnModules(text), text).toBe(false);
  });
});
