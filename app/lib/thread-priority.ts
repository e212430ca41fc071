import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (Linux keeps a nice value per thread: this
 * thread's, by its id in /proc/thread-self), so the kernel gives the request thread the CPU first
 * and this thread what is left; never raises it (a server already started nicer keeps its value).
 * Elsewhere the thread keeps the process's priority.
 */
export function lowerThreadPriority(nice: number): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(thread, Math.max(getPriority(thread), nice));
  } catch {
    // Not Linux: the thread keeps the process's priority.
  }
}
