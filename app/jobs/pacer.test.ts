import { afterEach, describe, expect, it } from 'vitest';
import { Pacer } from './pacer.server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Holds the event loop as a burst of synchronous work would. */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const pacers: Pacer[] = [];
afterEach(() => pacers.splice(0).forEach((pacer) => pacer.stop()));

describe('the pacer', () => {
  it('holds a claim back while the event loop lags, and lets it go once it keeps time again', async () => {
    const pacer = new Pacer(25, 5000);
    pacers.push(pacer);
    pacer.start();
    await sleep(50);
    block(300);
    await sleep(15); // a tick sees how late it is
    expect(pacer.currentLag).toBeGreaterThan(200);
    expect(pacer.lagging).toBe(true);
    const started = performance.now();
    await pacer.turn();
    const waited = performance.now() - started;
    expect(pacer.currentLag).toBeLessThanOrEqual(25);
    expect(pacer.lagging).toBe(false);
    expect(waited).toBeGreaterThan(30);
    expect(waited).toBeLessThan(5000);
  });

  it('never holds back longer than its limit, and not at all once stopping', async () => {
    const pacer = new Pacer(1, 200);
    pacers.push(pacer);
    pacer.start();
    await sleep(20);
    block(400);
    await sleep(15);
    let started = performance.now();
    await pacer.turn();
    expect(performance.now() - started).toBeLessThan(1000);
    block(400);
    await sleep(15);
    started = performance.now();
    await pacer.turn(() => true);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('following another loop: holds claims back while the lag it is told is over the limit', async () => {
    const pacer = new Pacer(25, 5000);
    pacers.push(pacer);
    pacer.report(500); // not following yet: ignored
    expect(pacer.lagging).toBe(false);
    pacer.follow();
    pacer.report(500);
    expect(pacer.lagging).toBe(true);
    // Its own loop is idle: only the report lets the claim go.
    let released = false;
    const turn = pacer.turn().then(() => (released = true));
    await sleep(200);
    expect(released).toBe(false);
    pacer.report(3);
    await turn;
    expect(pacer.lagging).toBe(false);
  });

  it('off (limit 0): never waits', async () => {
    const pacer = new Pacer(0);
    pacer.start();
    block(100);
    const started = performance.now();
    await pacer.turn();
    expect(performance.now() - started).toBeLessThan(20);
  });
});
