import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeAbandonedClusters } from './pg-cluster';

// The clean-up of clusters a killed run left behind runs at the start of every run, beside other
// runs (the two Vitest suites and the journeys' PostgreSQL server start theirs at the same time).
describe('removing abandoned clusters', () => {
  let root: string;
  const saved = process.env.TMPDIR;
  const base = tmpdir();
  beforeEach(() => {
    root = mkdtempSync(path.join(base, 'pg-cluster-test-'));
    process.env.TMPDIR = root;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(root, { recursive: true, force: true });
  });

  /** A cluster directory whose pid file names `pid`, last written `ageMinutes` ago. */
  function cluster(name: string, pid: number | null, ageMinutes: number) {
    const dir = path.join(root, `aiv-pg-${name}`);
    mkdirSync(path.join(dir, 'data'), { recursive: true });
    if (pid !== null) writeFileSync(path.join(dir, 'data', 'postmaster.pid'), `${pid}\n`);
    const when = new Date(Date.now() - ageMinutes * 60_000);
    utimesSync(path.join(dir, 'data'), when, when);
    utimesSync(dir, when, when);
    return dir;
  }
  const gone = 2 ** 22 + 12_345; // above Linux's pid_max default: no such process

  it('leaves a cluster that another run is creating, even when its pid file names a process that has exited', () => {
    const creating = cluster('creating', gone, 0);
    const starting = cluster('starting', null, 1);
    removeAbandonedClusters();
    expect(existsSync(creating)).toBe(true);
    expect(existsSync(starting)).toBe(true);
  });

  it('removes one untouched for ten minutes with no server running, and keeps a running one', () => {
    const abandoned = cluster('abandoned', gone, 11);
    const empty = cluster('empty', null, 30);
    const running = cluster('running', process.pid, 60);
    removeAbandonedClusters();
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(empty)).toBe(false);
    expect(existsSync(running)).toBe(true);
  });
});
