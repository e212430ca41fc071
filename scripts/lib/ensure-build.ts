// The benchmarks serve the production build: build it first when it is missing or older than the
// sources in app/.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

export function ensureBuild(root = process.cwd()) {
  let built = 0;
  try {
    built = statSync(path.join(root, 'build/server/index.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > newestMtime(path.join(root, 'app'))) return;
  console.log('Building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
