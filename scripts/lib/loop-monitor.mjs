// Preloaded into the servers `npm run bench:demo-load` starts (node --import): every 5 s, one line
// with how late the request thread's event loop ran (what a request waited before it was even
// read): `[loop] p99=<ms> max=<ms>`. The main thread only (a job thread has its own loop).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const ms = (/** @type {number} */ ns) => Math.round(ns / 1e6);
    console.error(`[loop] p99=${ms(delay.percentile(99))} max=${ms(delay.max)}`);
    delay.reset();
  }, 5000).unref();
}
