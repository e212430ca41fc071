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
  return bare.length > 300 ? bare.slice(0, 300) : bare;
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
    const kind = classifyRecord(record);
    const status = statusClass(record.status);
    if (!kind || !status) return false;
    const day = record.at.toISOString().slice(0, 10);
    const path = pagePath(record.path);
    if (kind.kind === 'agent') {
      const key = `${day}\n${kind.agent}\n${kind.verification}\n${status}`;
      const row = this.agents.get(key);
      if (row) row.visits += 1;
      else
        this.agents.set(key, {
          day,
          agent: kind.agent,
          verification: kind.verification,
          status,
          visits: 1,
        });
      const pageKey = `${day}\n${kind.agent}\n${path}`;
      const page = this.agentPages.get(pageKey);
      if (page) page.visits += 1;
      else this.agentPages.set(pageKey, { day, agent: kind.agent, path, visits: 1 });
    } else {
      const key = `${day}\n${kind.assistant}\n${path}`;
      const row = this.referrals.get(key);
      if (row) row.visits += 1;
      else this.referrals.set(key, { day, assistant: kind.assistant, path, visits: 1 });
    }
    this.totals.counted += 1;
    return true;
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
