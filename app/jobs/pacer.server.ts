// Background work paced to what the machine can do. The jobs run on the thread that answers
// requests; when the machine is busy (the jobs themselves, or anything else on it), the event loop
// falls behind and every request waits. The pacer watches how late a 10 ms timer fires (the lag a
// request would see) and holds back new claims while it is over the limit, so jobs use the time
// requests leave free; while it lags, each queue runs one job at a time, not its concurrency. It never holds a claim back longer than `maxWaitMs`: work slows down under
// load, it never stops.
//
// On PostgreSQL the jobs run on a thread of their own (thread.server.ts): there the lag that
// matters is the request thread's, not the job thread's own, so that thread's pacer is fed the
// request thread's lag (`report`) instead of timing a loop of its own.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Pacer {
  private lag = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Fed from elsewhere (`report`) instead of its own timer. */
  private remote = false;

  constructor(
    /** Event-loop lag above which new jobs wait (ms). */
    readonly limitMs: number,
    readonly maxWaitMs = 1000,
    private readonly tickMs = 10,
  ) {}

  /** Whether the event loop lags now: the workers then run one job at a time. */
  get lagging() {
    return this.active && this.lag > this.limitMs;
  }

  private get active() {
    return this.timer !== undefined || this.remote;
  }

  /** The event loop's recent lag (ms): the latest, or a decaying peak of the last few ticks. */
  get currentLag() {
    return this.lag;
  }

  start() {
    if (this.timer || this.limitMs <= 0) return;
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - this.last - this.tickMs);
      this.last = now;
      this.lag = Math.max(late, this.lag * 0.8);
    }, this.tickMs);
    this.timer.unref();
  }

  /**
   * Paces by a lag measured elsewhere (another thread's event loop): no timer of its own; each
   * `report` replaces the lag. Off when the limit is 0.
   */
  follow() {
    if (this.timer || this.limitMs <= 0) return;
    this.remote = true;
  }

  /** The latest lag of the loop this pacer follows (ms). */
  report(lagMs: number) {
    if (this.remote) this.lag = Math.max(0, lagMs);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.remote = false;
  }

  /** Resolves when the event loop keeps time again (or after maxWaitMs, or once `stopping()`). */
  async turn(stopping: () => boolean = () => false): Promise<void> {
    if (!this.active) return;
    const deadline = performance.now() + this.maxWaitMs;
    while (this.lag > this.limitMs && performance.now() < deadline && !stopping())
      await sleep(this.tickMs * 5);
  }
}
