// The database thread's program (CommonJS, run with `new Worker(source, { eval: true })`, so it
// needs no file of its own in the build): it owns the process's one SQLite connection, Prisma's
// better-sqlite3 adapter, and runs what the main thread asks, one message at a time. better-sqlite3
// is synchronous: every statement, its disk reads and writes, and any wait for another process's
// lock (the busy timeout) block this thread only, never the one that answers requests.
//
// Messages in: { id, op, tx?, arg }; out: { id, result } or { id, error }. `workerData` names the
// modules by absolute path (resolved by the main thread, which knows where node_modules is).

export const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PrismaBetterSqlite3 } = require(workerData.adapterModule);

let adapter;
const transactions = new Map();
let nextTransaction = 1;

function serialize(error) {
  if (error && error.name === 'DriverAdapterError' && typeof error.cause === 'object') {
    return { driver: true, cause: error.cause, message: error.message };
  }
  return {
    driver: false,
    name: (error && error.name) || 'Error',
    message: (error && error.message) || String(error),
    code: error && typeof error.code === 'string' ? error.code : undefined,
  };
}

function queryable(tx) {
  if (!tx) return adapter;
  const transaction = transactions.get(tx);
  if (!transaction) throw new Error('Transaction ' + tx + ' is not open');
  return transaction;
}

async function handle(op, tx, arg) {
  switch (op) {
    case 'connect':
      adapter = await new PrismaBetterSqlite3(arg.config, arg.options).connect();
      return null;
    case 'queryRaw':
      return queryable(tx).queryRaw(arg);
    case 'executeRaw':
      return queryable(tx).executeRaw(arg);
    case 'executeScript':
      return adapter.executeScript(arg);
    case 'startTransaction': {
      const transaction = await adapter.startTransaction(arg);
      const id = nextTransaction++;
      transactions.set(id, transaction);
      return { id, options: transaction.options };
    }
    case 'commit':
    case 'rollback': {
      const transaction = queryable(tx);
      transactions.delete(tx);
      return op === 'commit' ? transaction.commit() : transaction.rollback();
    }
    case 'createSavepoint':
    case 'rollbackToSavepoint':
    case 'releaseSavepoint':
      return queryable(tx)[op](arg);
    case 'dispose':
      if (adapter) await adapter.dispose();
      adapter = undefined;
      return null;
    default:
      throw new Error('Unknown operation ' + op);
  }
}

parentPort.on('message', (message) => {
  handle(message.op, message.tx, message.arg).then(
    (result) => parentPort.postMessage({ id: message.id, result: result === undefined ? null : result }),
    (error) => parentPort.postMessage({ id: message.id, error: serialize(error) }),
  );
});
`;
