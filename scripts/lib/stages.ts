// Runs a set of commands that depend on each other, each as soon as what it needs has passed and
// the machine has room for it (scripts/test.ts, `npm test`). Each command's output is kept apart
// and printed whole when it ends, so parallel stages never interleave their lines.
import { spawn } from 'node:child_process';

export type Stage = {
  name: string;
  /** A shell command line. */
  command: string;
  /** Stages that must have passed first. */
  after?: string[];
  /** Roughly how many cores it keeps busy (Vitest's and Playwright's workers, a server). */
  cores: number;
};

export type StageResult = {
  name: string;
  status: 'passed' | 'failed' | 'not run';
  startedMs: number;
  ms: number;
  output: string;
};

export type RunOptions = {
  /** Cores the stages may keep busy at once; a stage bigger than that runs alone. */
  capacity: number;
  env?: NodeJS.ProcessEnv;
  /** Called with each stage's result as it ends, and once with the start of each. */
  onStart?: (stage: Stage) => void;
  onEnd?: (result: StageResult) => void;
  /** Runs a command; by default in a shell, its stdout and stderr gathered. Tests replace it. */
  exec?: (stage: Stage, env: NodeJS.ProcessEnv) => Promise<{ code: number; output: string }>;
};

function shell(stage: Stage, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(stage.command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/** Every stage whose name another names in `after` must exist, and there must be no cycle. */
export function checkStages(stages: Stage[]): void {
  const names = new Set(stages.map((stage) => stage.name));
  if (names.size !== stages.length) throw new Error('two stages have the same name');
  for (const stage of stages)
    for (const name of stage.after ?? [])
      if (!names.has(name)) throw new Error(`${stage.name} waits for an unknown stage ${name}`);
  const done = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const stage of stages)
      if (!done.has(stage.name) && (stage.after ?? []).every((name) => done.has(name))) {
        done.add(stage.name);
        progress = true;
      }
  }
  if (done.size !== stages.length) throw new Error('the stages wait for each other in a cycle');
}

/**
 * Runs `stages` in their order of priority: a stage starts when every stage it comes `after` has
 * passed and its cores fit beside the running ones (or nothing runs); while the first stage ready
 * to run does not fit, no later one starts in its place. A failed stage's dependants
 * are not run; the others still are, so one run reports every failure. Resolves with every
 * stage's result, in the order given.
 */
export async function runStages(stages: Stage[], options: RunOptions): Promise<StageResult[]> {
  checkStages(stages);
  const exec = options.exec ?? shell;
  const env = options.env ?? process.env;
  const results = new Map<string, StageResult>();
  const running = new Map<string, Stage>();
  const origin = performance.now();

  return new Promise((resolve) => {
    const busy = () => [...running.values()].reduce((sum, stage) => sum + stage.cores, 0);
    const pump = () => {
      // Again while a pass marks a stage "not run": its own dependants may come earlier in the list.
      for (let marked = true; marked;) {
        marked = false;
        for (const stage of stages) {
          if (results.has(stage.name) || running.has(stage.name)) continue;
          const needs = (stage.after ?? []).map((name) => results.get(name));
          if (needs.some((result) => result && result.status !== 'passed')) {
            const result: StageResult = {
              name: stage.name,
              status: 'not run',
              startedMs: 0,
              ms: 0,
              output: '',
            };
            results.set(stage.name, result);
            options.onEnd?.(result);
            marked = true;
            continue;
          }
          if (needs.some((result) => !result)) continue;
          // No room: wait for it rather than let a later (smaller) stage take the cores first,
          // which could keep a long stage waiting for the whole run.
          if (running.size > 0 && busy() + stage.cores > options.capacity) break;
          running.set(stage.name, stage);
          options.onStart?.(stage);
          const started = performance.now();
          void exec(stage, env).then(({ code, output }) => {
            running.delete(stage.name);
            const result: StageResult = {
              name: stage.name,
              status: code === 0 ? 'passed' : 'failed',
              startedMs: started - origin,
              ms: performance.now() - started,
              output,
            };
            results.set(stage.name, result);
            options.onEnd?.(result);
            pump();
          });
        }
      }
      if (results.size === stages.length) resolve(stages.map((stage) => results.get(stage.name)!));
    };
    pump();
  });
}
