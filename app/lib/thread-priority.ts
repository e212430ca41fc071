import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (Linux keeps a nice value per thread: this
 * thread's, by its id in /proc/thread-self), so the kernel gives the request thread the CPU first
 * and this thread what is left. Elsewhere the thread keeps the process's priority.
 */
export function lowerThreadPriority(nice: number): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // Not Linux: the thread keeps the process's priority.
  }
}
