import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from '@prisma/driver-adapter-utils';
import { WORKER_SOURCE } from './worker-source';

// Prisma on SQLite, with the database on a thread of its own (docs/decisions/0028). better-sqlite3
// is synchronous: on the thread that also answers requests, every statement's disk wait, every
// commit and every wait for another connection's lock (the busy timeout, 5 s) stops the whole
// server. Here the process's one connection lives on a worker thread (worker-source.ts, Prisma's own
// better-sqlite3 adapter); this adapter sends it each query and awaits the answer, so the event loop
// only ever waits asynchronously.
//
// One connection means one transaction at a time: a transaction holds the connection from BEGIN to
// COMMIT, and every other query (inside or outside a transaction) waits its turn, in order. Prisma's
// own adapter does not make queries outside a transaction wait: on its single connection they ran
// inside whichever transaction was open, saw its uncommitted rows, and were rolled back with it
// (tests/integration/sqlite-thread.test.ts shows both).

const ADAPTER_NAME = '@prisma/adapter-better-sqlite3';

type WorkerError =
  | { driver: true; cause: DriverAdapterError['cause']; message: string }
  | { driver: false; name: string; message: string; code?: string };

type Reply = { id: number; result?: unknown; error?: WorkerError };

/** First come, first served: `acquire` resolves to the release of the turn it waited for. */
class Turns {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => done);
    return turn;
  }
}

class DatabaseThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | undefined;
  /** Open transactions keep the process alive like pending queries do. */
  private holds = 0;

  constructor() {
    const require = createRequire(import.meta.url);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { adapterModule: require.resolve('@prisma/adapter-better-sqlite3') },
      // The thread inherits no loader flags (tsx, Vitest's): its program is plain CommonJS.
      execArgv: [],
    });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The database thread exited (${code})`)));
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  private settle({ id, result, error }: Reply) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    this.updateRef();
    if (!error) waiting.resolve(result);
    else if (error.driver) waiting.reject(new DriverAdapterError(error.cause));
    else
      waiting.reject(
        Object.assign(new Error(error.message), {
          name: error.name,
          ...(error.code ? { code: error.code } : {}),
        }),
      );
  }

  /** While anything is asked or a transaction is open, the thread keeps the process alive. */
  private updateRef() {
    if (this.pending.size || this.holds) this.worker.ref();
    else this.worker.unref();
  }

  hold(delta: 1 | -1) {
    this.holds += delta;
    this.updateRef();
  }

  call<T>(op: string, arg?: unknown, tx?: number): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.updateRef();
      this.worker.postMessage({ id, op, tx, arg });
    });
  }

  async terminate() {
    await this.worker.terminate();
  }
}

class ThreadTransaction implements Transaction {
  readonly provider = 'sqlite' as const;
  readonly adapterName = ADAPTER_NAME;
  private ended = false;

  constructor(
    private readonly thread: DatabaseThread,
    private readonly id: number,
    readonly options: TransactionOptions,
    private readonly release: () => void,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.thread.call('queryRaw', query, this.id);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.thread.call('executeRaw', query, this.id);
  }

  private async end(op: 'commit' | 'rollback') {
    if (this.ended) return;
    this.ended = true;
    try {
      await this.thread.call(op, undefined, this.id);
    } finally {
      this.thread.hold(-1);
      this.release();
    }
  }

  commit() {
    return this.end('commit');
  }

  rollback() {
    return this.end('rollback');
  }

  async createSavepoint(name: string) {
    await this.thread.call('createSavepoint', name, this.id);
  }

  async rollbackToSavepoint(name: string) {
    await this.thread.call('rollbackToSavepoint', name, this.id);
  }

  async releaseSavepoint(name: string) {
    await this.thread.call('releaseSavepoint', name, this.id);
  }
}

class ThreadAdapter implements SqlDriverAdapter {
  readonly provider = 'sqlite' as const;
  readonly adapterName = ADAPTER_NAME;
  private readonly turns = new Turns();

  constructor(private readonly thread: DatabaseThread) {}

  /** One statement outside any transaction, when no transaction holds the connection. */
  private async alone<T>(op: string, arg: unknown): Promise<T> {
    const release = await this.turns.acquire();
    try {
      return await this.thread.call<T>(op, arg);
    } finally {
      release();
    }
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.alone('queryRaw', query);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.alone('executeRaw', query);
  }

  async executeScript(script: string): Promise<void> {
    await this.alone('executeScript', script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const release = await this.turns.acquire();
    this.thread.hold(1);
    try {
      const { id, options } = await this.thread.call<{ id: number; options: TransactionOptions }>(
        'startTransaction',
        isolationLevel,
      );
      return new ThreadTransaction(this.thread, id, options, release);
    } catch (error) {
      this.thread.hold(-1);
      release();
      throw error;
    }
  }

  async dispose(): Promise<void> {
    await this.thread.call('dispose').catch(() => undefined);
    await this.thread.terminate();
  }
}

export type SqliteThreadConfig = { url: string; timeout?: number };

/** A Prisma driver adapter factory for SQLite whose connection lives on its own thread. */
export class PrismaSqliteThread implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName = ADAPTER_NAME;

  constructor(private readonly config: SqliteThreadConfig) {}

  async connect(): Promise<SqlDriverAdapter> {
    const thread = new DatabaseThread();
    await thread.call('connect', { config: this.config });
    return new ThreadAdapter(thread);
  }
}
