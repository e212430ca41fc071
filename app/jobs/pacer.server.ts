// Background work paced to what the machine can do. The jobs run on the thread that answers
// requests; when the machine is busy (the jobs themselves, or anything else on it), the event loop
// falls behind and every request waits. The pacer watches how late a 10 ms timer fires (the lag a
// request would see) and holds back new claims while it is over the limit, so jobs use the time
// requests leave free; while it lags, each queue runs one job at a time, not its concurrency. It never holds a claim back longer than `maxWaitMs`: work slows down under
// load, it never stops.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Pacer {
  private lag = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Event-loop lag above which new jobs wait (ms). */
    readonly limitMs: number,
    readonly maxWaitMs = 1000,
    private readonly tickMs = 10,
  ) {}

  /** Whether the event loop lags now: the workers then run one job at a time. */
  get lagging() {
    return this.timer !== undefined && this.lag > this.limitMs;
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

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Resolves when the event loop keeps time again (or after maxWaitMs, or once `stopping()`). */
  async turn(stopping: () => boolean = () => false): Promise<void> {
    if (!this.timer) return;
    const deadline = performance.now() + this.maxWaitMs;
    while (this.lag > this.limitMs && performance.now() < deadline && !stopping())
      await sleep(this.tickMs * 5);
  }
}
