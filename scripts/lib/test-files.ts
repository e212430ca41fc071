// Which Vitest files touch the database. Those run on both engines (SQLite and PostgreSQL); every
// other file is a pure module's test and runs once, with no database at all (vitest.config.ts).
//
// A test file touches the database when, following its imports (static, re-exports and dynamic
// `import('…')` with a literal path) through the project's own files, it reaches the database
// client (app/lib/db.server.ts), the generated Prisma clients, the migration runner, or a database
// driver package; or when its own text names the test database (DATABASE_URL, the injected
// template). `import type` is left out: it is erased before anything runs. The pure files are also
// checked while they run (tests/setup/pure-env.ts): one that opens the client after all fails.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Project files whose import means a test talks to a database. */
const DATABASE_MODULES = ['app/lib/db.server', 'scripts/db-migrate'];
const DATABASE_FOLDERS = ['app/generated/'];
/** Packages that open a database connection. */
const DATABASE_PACKAGES = /^(better-sqlite3|pg|pg-boss|@prisma\/[^/]+)(\/|$)/;
/** A test's own text that reaches for the test database (e.g. to hand it to a child process). */
const DATABASE_TEXT = /\bDATABASE_URL\b|['"]templateDatabase['"]|['"]pgServerUrl['"]/;

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

function isFile(file: string) {
  return existsSync(file) && statSync(file).isFile();
}

/** The project file a specifier names, or the package name for a bare specifier. */
function resolve(
  root: string,
  from: string,
  specifier: string,
): { file: string } | { pkg: string } | null {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(root, 'app', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('node:')) return null;
  else return { pkg: specifier };
  const candidates = [...EXTENSIONS.map((ext) => base + ext)];
  // TypeScript's convention: `./x.js` names `./x.ts`.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'));
  // A file not there (yet, like the generated clients before `prisma generate`) keeps its name, so
  // that an import of the database is still seen as one.
  return { file: candidates.find(isFile) ?? base };
}

/** `import … from`, `export … from` (the clause holds names, braces, `*`, `as`, `type`). */
const FROM = /^[ \t]*(import|export)\s+([\w$*{}\s,]*?)\s*from\s*['"]([^'"]+)['"]/gm;
/** `import './side-effect'`. */
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
/** `import('./x')`, also `await import("./x")` inside `vi.hoisted`. */
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether an import or export clause brings in types only (erased before anything runs). */
function typeOnly(clause: string) {
  const text = clause.trim();
  if (/^type\s/.test(text)) return true;
  const braces = /^\{([^}]*)\}$/.exec(text);
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

/**
 * The module specifiers a source text imports at run time (type-only imports left out). A scan by
 * patterns, not a parse: fast enough to run on every Vitest start, and a text that merely looks
 * like an import only sends a file to both databases.
 */
export function runtimeImports(text: string): string[] {
  const found: string[] = [];
  for (const [, , clause, specifier] of text.matchAll(FROM))
    if (!typeOnly(clause!)) found.push(specifier!);
  for (const [, specifier] of text.matchAll(BARE)) found.push(specifier!);
  for (const [, specifier] of text.matchAll(DYNAMIC)) found.push(specifier!);
  return found;
}

export type TestFileKinds = { database: string[]; pure: string[] };

/**
 * What makes a test file need modules of its own: it sets the environment the app reads once at
 * import (`process.env.X = …`, `delete process.env.X`, `vi.stubEnv`; or anything in `vi.hoisted`,
 * which runs before the file's imports to set them up, e.g. stripe-env.ts), or swaps modules
 * (`vi.mock`, `vi.doMock`, `vi.resetModules`). Every other database file can run in a worker that
 * keeps the app's modules loaded from file to file (vitest.config.ts): loading them is most of a
 * small file's time.
 */
const OWN_MODULES =
  /\bvi\.hoisted\(|\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|\bdelete\s+process\.env\b|\bvi\.(stubEnv|mock|doMock|unmock|resetModules)\(|\bObject\.assign\(\s*process\.env\b/;

/** Whether a test file's text asks for modules of its own (see OWN_MODULES). */
export const needsOwnModules = (text: string) => OWN_MODULES.test(text);

/**
 * The database files split into those that can share a worker's loaded modules (and its database,
 * emptied between files: tests/setup/test-database.ts) and those that need their own.
 */
export function splitSharing(
  root: string,
  files: readonly string[],
): { shared: string[]; own: string[] } {
  const shared: string[] = [];
  const own: string[] = [];
  for (const relative of files)
    (needsOwnModules(readFileSync(path.join(root, relative), 'utf8')) ? own : shared).push(
      relative,
    );
  return { shared, own };
}

/** Splits `files` (paths relative to `root`) into those that touch the database and the pure ones. */
export function classifyTestFiles(root: string, files: string[]): TestFileKinds {
  const isDatabaseModule = (file: string) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return (
      DATABASE_MODULES.includes(relative.replace(/\.(ts|tsx|js)$/, '')) ||
      DATABASE_FOLDERS.some((folder) => relative.startsWith(folder))
    );
  };
  // Every project file the tests reach, who imports it, and which of them open a database.
  const importers = new Map<string, string[]>();
  const opens = new Set<string>();
  const queue = files.map((relative) => path.join(root, relative));
  const seen = new Set(queue);
  while (queue.length) {
    const file = queue.pop()!;
    if (isDatabaseModule(file)) {
      opens.add(file);
      continue;
    }
    if (!isFile(file)) continue;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(root, file, specifier);
      if (!target) continue;
      if ('pkg' in target) {
        if (DATABASE_PACKAGES.test(target.pkg)) opens.add(file);
        continue;
      }
      importers.set(target.file, [...(importers.get(target.file) ?? []), file]);
      if (!seen.has(target.file)) {
        seen.add(target.file);
        queue.push(target.file);
      }
    }
  }
  // Walk the arrows backwards from every file that opens a database.
  const touches = new Set(opens);
  const back = [...opens];
  while (back.length) {
    for (const importer of importers.get(back.pop()!) ?? []) {
      if (touches.has(importer)) continue;
      touches.add(importer);
      back.push(importer);
    }
  }
  const database: string[] = [];
  const pure: string[] = [];
  for (const relative of [...files].sort()) {
    const file = path.join(root, relative);
    const named = DATABASE_TEXT.test(readFileSync(file, 'utf8'));
    (named || touches.has(file) ? database : pure).push(relative);
  }
  return { database, pure };
}
