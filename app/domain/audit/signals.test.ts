import { describe, expect, it } from 'vitest';
import {
  SIGNAL_GROUPS,
  SIGNAL_IDS,
  SIGNALS,
  scoreBand,
  scoreOf,
  type SignalId,
  type SignalStatus,
} from './signals';

const all = (status: SignalStatus) => SIGNAL_IDS.map((id) => ({ id, status }));
const allBut = (status: SignalStatus, others: Partial<Record<SignalId, SignalStatus>>) =>
  SIGNAL_IDS.map((id) => ({ id, status: others[id] ?? status }));

describe('the signal table', () => {
  it('weights add up to exactly 100', () => {
    const total = Object.values(SIGNALS).reduce((sum, signal) => sum + signal.weight, 0);
    expect(total).toBe(100);
  });

  it('every weight is a positive whole number and every group is a known one', () => {
    for (const [id, signal] of Object.entries(SIGNALS)) {
      expect(Number.isInteger(signal.weight), id).toBe(true);
      expect(signal.weight, id).toBeGreaterThan(0);
      expect(Object.keys(SIGNAL_GROUPS), id).toContain(signal.group);
      expect(signal.label.trim(), id).not.toBe('');
    }
  });

  it('SIGNAL_IDS lists every signal once, in table order', () => {
    expect(SIGNAL_IDS).toEqual(Object.keys(SIGNALS));
    expect(new Set(SIGNAL_IDS).size).toBe(SIGNAL_IDS.length);
  });

  it('blocked answer crawlers and missing business details weigh most; llms.txt least', () => {
    const weights = SIGNAL_IDS.map((id) => SIGNALS[id].weight);
    expect(SIGNALS.answer_bots.weight).toBe(Math.max(...weights));
    expect(SIGNALS.structured_data.weight).toBe(Math.max(...weights));
    expect(SIGNALS.llms_txt.weight).toBe(Math.min(...weights));
  });
});

describe('scoreOf', () => {
  it('all pass is 100', () => {
    expect(scoreOf(all('pass'))).toBe(100);
  });

  it('all fail is 0, and so is an empty list', () => {
    expect(scoreOf(all('fail'))).toBe(0);
    expect(scoreOf([])).toBe(0);
  });

  it('a warning earns half the weight', () => {
    expect(scoreOf(all('warn'))).toBe(50);
    expect(scoreOf(allBut('fail', { nap_consistency: 'warn' }))).toBe(
      SIGNALS.nap_consistency.weight / 2,
    );
    expect(scoreOf(allBut('pass', { nap_consistency: 'warn' }))).toBe(
      100 - SIGNALS.nap_consistency.weight / 2,
    );
  });

  it('a failure costs the whole weight', () => {
    expect(scoreOf(allBut('pass', { answer_bots: 'fail' }))).toBe(85);
    expect(scoreOf(allBut('fail', { h1: 'pass' }))).toBe(SIGNALS.h1.weight);
  });

  it('rounds the sum: one warning on a weight of 15 out of all-fail is 8', () => {
    expect(scoreOf(allBut('fail', { structured_data: 'warn' }))).toBe(8);
    expect(scoreOf(allBut('fail', { structured_data: 'warn', sitemap: 'warn' }))).toBe(11);
  });
});

describe('scoreBand', () => {
  it('80 and above is ready', () => {
    expect(scoreBand(100)).toEqual({ label: 'Ready for AI', tone: 'good' });
    expect(scoreBand(80)).toEqual({ label: 'Ready for AI', tone: 'good' });
  });

  it('50 to 79 needs work', () => {
    expect(scoreBand(79)).toEqual({ label: 'Needs work', tone: 'fair' });
    expect(scoreBand(50)).toEqual({ label: 'Needs work', tone: 'fair' });
  });

  it('below 50 is hard for AI to use', () => {
    expect(scoreBand(49)).toEqual({ label: 'Hard for AI to use', tone: 'poor' });
    expect(scoreBand(0)).toEqual({ label: 'Hard for AI to use', tone: 'poor' });
  });
});
