import { ownString } from '~/lib/own-string';
import { verifyAgentAddress, type Verification } from '../../agents/addresses.server';
import { agentOfUserAgent } from '../../agents/match.server';
import type { LogRecord } from './log-lines';
import { assistantOf } from './referrals';

// What a log is reduced to before anything is stored (issue 48, "keep only what is needed"): per
// UTC day and agent, visits by verification and status class and by path; per day and assistant,
// referrals by landing path. Addresses are used to verify an agent and then dropped; raw lines
// are never kept. A line that is neither an AI agent's visit nor an AI referral counts only as
// read. Pure: the import job and the drain feed it and store what it holds.

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
export const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];

export type VisitKind =
  | { kind: 'agent'; agent: string; verification: Verification }
  | { kind: 'referral'; assistant: string };

/** Which kind of visit a log record is, or null for every other request. */
export function classifyRecord(record: LogRecord): VisitKind | null {
  const agent = agentOfUserAgent(record.userAgent);
  if (agent) {
    return {
      kind: 'agent',
      agent: agent.token,
      verification: verifyAgentAddress(agent.token, record.ip),
    };
  }
  const assistant = assistantOf(record.referer, record.path);
  return assistant ? { kind: 'referral', assistant } : null;
}

export function statusClass(status: number): StatusClass | null {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500 && status < 600) return '5xx';
  return null;
}

/** The path counted for "top pages": no query string, at most 300 characters. */
export function pagePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  // Kept in tallies and batches: a string of its own, not a slice of the chunk the line came in.
  return ownString(bare.length > 300 ? bare.slice(0, 300) : bare);
}

/** An agent's visits on one day with one verification and status class. */
export type AgentCount = {
  day: string;
  agent: string;
  verification: Verification;
  status: StatusClass;
  visits: number;
};
export type AgentPageCount = { day: string; agent: string; path: string; visits: number };
export type ReferralCount = { day: string; assistant: string; path: string; visits: number };

export type TallyTotals = { lines: number; counted: number; skipped: number };

/** What of a counted line is tallied: its UTC day, kind, status class and page. */
export type CountedVisit = { day: string; kind: VisitKind; status: StatusClass; path: string };

const DAY_MS = 86_400_000;
// A log's lines come in time order: the last UTC day named is kept for the lines after it.
const lastDay = { start: NaN, day: '' };

/** The UTC day of a time ("2026-11-27"). */
function dayOf(at: Date): string {
  const ms = at.getTime();
  if (!(ms >= lastDay.start && ms < lastDay.start + DAY_MS)) {
    lastDay.start = Math.floor(ms / DAY_MS) * DAY_MS;
    lastDay.day = at.toISOString().slice(0, 10);
  }
  return lastDay.day;
}

/** The visit a read record counts as, or null when it is not counted (or its status is odd). */
export function countedVisit(record: LogRecord): CountedVisit | null {
  const status = statusClass(record.status);
  if (!status) return null;
  const kind = classifyRecord(record);
  if (!kind) return null;
  return { day: dayOf(record.at), kind, status, path: pagePath(record.path) };
}

/** Counts a stream of log lines into the per-day rows that are stored. */
export class VisitTally {
  readonly agents = new Map<string, AgentCount>();
  readonly agentPages = new Map<string, AgentPageCount>();
  readonly referrals = new Map<string, ReferralCount>();
  readonly totals: TallyTotals = { lines: 0, counted: 0, skipped: 0 };

  /** A line that no format could read. */
  skip(): void {
    this.totals.lines += 1;
    this.totals.skipped += 1;
  }

  /** A read line; returns whether it was counted (an AI agent's visit or an AI referral). */
  add(record: LogRecord): boolean {
    this.totals.lines += 1;
    const visit = countedVisit(record);
    if (!visit) return false;
    this.addVisit(visit);
    this.totals.counted += 1;
    return true;
  }

  /** Adds a counted visit (`count` of them) to the rows (not to the line totals: the caller counts lines). */
  addVisit({ day, kind, status, path }: CountedVisit, count = 1): void {
    if (kind.kind === 'agent') {
      const key = `${day}\n${kind.agent}\n${kind.verification}\n${status}`;
      const row = this.agents.get(key);
      if (row) row.visits += count;
      else
        this.agents.set(key, {
          day,
          agent: kind.agent,
          verification: kind.verification,
          status,
          visits: count,
        });
      const pageKey = `${day}\n${kind.agent}\n${path}`;
      const page = this.agentPages.get(pageKey);
      if (page) page.visits += count;
      else this.agentPages.set(pageKey, { day, agent: kind.agent, path, visits: count });
    } else {
      const key = `${day}\n${kind.assistant}\n${path}`;
      const row = this.referrals.get(key);
      if (row) row.visits += count;
      else this.referrals.set(key, { day, assistant: kind.assistant, path, visits: count });
    }
  }

  /** Whether the tally holds enough rows that it should be written out and cleared. */
  get size(): number {
    return this.agents.size + this.agentPages.size + this.referrals.size;
  }

  clear(): void {
    this.agents.clear();
    this.agentPages.clear();
    this.referrals.clear();
  }
}
