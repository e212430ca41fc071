import { describe, expect, it } from 'vitest';
import {
  AUDIT_VERSION,
  SIGNAL_GROUPS,
  SIGNAL_IDS,
  SIGNAL_TABLES,
  SIGNALS,
  isShutOut,
  scoreBand,
  scoreOf,
  SHUT_OUT_CAP,
  signalDefinition,
  type SignalId,
  type SignalStatus,
} from './signals';

const all = (status: SignalStatus) => SIGNAL_IDS.map((id) => ({ id, status }));
const allBut = (status: SignalStatus, others: Partial<Record<SignalId, SignalStatus>>) =>
  SIGNAL_IDS.map((id) => ({ id, status: others[id] ?? status }));

describe('the signal table', () => {
  it('weights add up to exactly 100, in every version', () => {
    for (const [version, table] of Object.entries(SIGNAL_TABLES)) {
      const total = Object.values(table).reduce((sum, signal) => sum + signal.weight, 0);
      expect(total, `version ${version}`).toBe(100);
    }
    expect(SIGNAL_TABLES[AUDIT_VERSION]).toBe(SIGNALS);
  });

  it('every signal of the current version says why it weighs what it does', () => {
    for (const [id, signal] of Object.entries(SIGNALS))
      expect(signal.why.length, id).toBeGreaterThan(10);
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

  it('being shut out (robots.txt or the edge) and missing business details weigh most; llms.txt least', () => {
    const weights = SIGNAL_IDS.map((id) => SIGNALS[id].weight);
    const heaviest = SIGNAL_IDS.filter((id) => SIGNALS[id].weight >= 12);
    expect(heaviest.sort()).toEqual(['answer_bots', 'edge_access', 'structured_data']);
    expect(SIGNALS.llms_txt.weight).toBe(Math.min(...weights));
    expect(SIGNAL_IDS.filter((id) => SIGNALS[id].weight === 1)).toEqual(['llms_txt']);
  });

  it('an audit of version 1 keeps its own labels and weights', () => {
    expect(signalDefinition('robots_meta', 1).label).toBe('No "noindex" or "noai" on the page');
    expect(signalDefinition('answer_bots', 1).weight).toBe(15);
    expect(signalDefinition('robots_meta', AUDIT_VERSION).label).toBe(
      'Page directives let AI quote you',
    );
    // A version we do not know is shown with the current table.
    expect(signalDefinition('llms_txt', 99).weight).toBe(SIGNALS.llms_txt.weight);
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
      Math.round(SIGNALS.nap_consistency.weight / 2),
    );
    expect(scoreOf(allBut('pass', { nap_consistency: 'warn' }))).toBe(
      Math.round(100 - SIGNALS.nap_consistency.weight / 2),
    );
  });

  it("a failure costs the whole weight, as the audit's version weighed it", () => {
    expect(scoreOf(allBut('pass', { answer_bots: 'fail' }))).toBe(100 - SIGNALS.answer_bots.weight);
    const v1 = SIGNAL_IDS.filter((id) => id in SIGNAL_TABLES[1]!).map((id) => ({
      id,
      status: id === 'answer_bots' ? ('fail' as const) : ('pass' as const),
    }));
    expect(scoreOf(v1, 1)).toBe(85);
    expect(scoreOf(allBut('fail', { h1: 'pass' }))).toBe(SIGNALS.h1.weight);
  });

  it('rounds the sum: one warning on a weight of 13 out of all-fail is 7', () => {
    expect(scoreOf(allBut('fail', { structured_data: 'warn' }))).toBe(7);
    expect(scoreOf(allBut('fail', { structured_data: 'warn', sitemap: 'warn' }))).toBe(10);
  });
});

describe('a site the assistants cannot read at all', () => {
  it('scores at most 49, whatever else passes, from version 2 on', () => {
    const shut = SIGNAL_IDS.map((id) => ({
      id,
      status: id === 'edge_access' ? ('fail' as const) : ('pass' as const),
      shutsOut: id === 'edge_access',
    }));
    expect(scoreOf(shut)).toBe(SHUT_OUT_CAP);
    expect(scoreBand(scoreOf(shut)).label).toBe('Hard for AI to use');
    // The same failure for some crawlers only costs its weight.
    expect(scoreOf(shut.map((signal) => ({ ...signal, shutsOut: false })))).toBe(
      100 - SIGNALS.edge_access.weight,
    );
    // A lower score stays as it is; version 1 audits were never capped.
    expect(scoreOf(shut.map((signal) => ({ ...signal, status: 'fail' as const })))).toBe(0);
    expect(isShutOut(shut, 1)).toBe(false);
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
