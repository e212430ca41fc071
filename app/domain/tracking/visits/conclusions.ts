// The crawler visits of a period in words (issue 48), first on the page: which AI crawlers were
// refused or failed, which visits only claimed an agent's name, which agents can never be verified,
// and who came from the assistants. Pure: it reads the report's figures, so the page and tests agree.

export type ConclusionAgent = {
  agent: string;
  vendor: string | null;
  visits: number;
  unverified: number;
  verifiable: boolean;
  statuses: { '2xx': number; '3xx': number; '4xx': number; '5xx': number };
};

export type Conclusion = {
  tone: 'problem' | 'note' | 'good';
  text: string;
  /** Where the fix is explained (the audit's crawler access), when there is one. */
  fix?: 'audit';
};

/** A share of refused or failed visits worth saying (one in five), and never for one visit alone. */
const WORTH_SAYING = 0.2;

export function periodWords(days: number): string {
  return days === 7 ? 'this week' : `in the last ${days} days`;
}

const visitsWord = (n: number) => (n === 1 ? 'visit' : 'visits');

export function crawlerConclusions(
  agents: ConclusionAgent[],
  referrals: { assistant: string; visits: number }[],
  days: number,
): Conclusion[] {
  const period = periodWords(days);
  const out: Conclusion[] = [];
  if (agents.length === 0)
    out.push({
      tone: 'note',
      text: `No AI crawler visits ${period}: upload a recent access log, or connect a log drain, to see them.`,
    });
  for (const agent of agents) {
    const refused = agent.statuses['4xx'];
    if (refused > 1 && refused / agent.visits >= WORTH_SAYING)
      out.push({
        tone: 'problem',
        text: `${agent.agent} was refused (4xx) on ${refused} of ${agent.visits} ${visitsWord(agent.visits)} ${period}: your firewall or server blocks it.`,
        fix: 'audit',
      });
    const failed = agent.statuses['5xx'];
    if (failed > 1 && failed / agent.visits >= WORTH_SAYING)
      out.push({
        tone: 'problem',
        text: `${agent.agent} got a server error (5xx) on ${failed} of ${agent.visits} ${visitsWord(agent.visits)} ${period}: your site failed to answer it.`,
      });
  }
  for (const agent of agents) {
    if (!agent.verifiable)
      out.push({
        tone: 'note',
        text: `${agent.vendor ?? agent.agent} publishes no addresses for ${agent.agent}, so none of its ${agent.visits} ${visitsWord(agent.visits)} can be verified: they are counted as unverified.`,
      });
    else if (agent.unverified > 0)
      out.push({
        tone: 'note',
        text: `${agent.unverified} of ${agent.agent}'s ${agent.visits} ${visitsWord(agent.visits)} came from addresses ${agent.vendor ?? 'its vendor'} does not publish: something else using its name, counted apart.`,
      });
  }
  const fine = agents.filter(
    (agent) => agent.statuses['2xx'] + agent.statuses['3xx'] === agent.visits && agent.visits > 0,
  );
  if (fine.length)
    out.push({
      tone: 'good',
      text: `${fine.map((agent) => agent.agent).join(', ')} got your pages on every visit ${period}.`,
    });
  const referred = referrals.reduce((sum, row) => sum + row.visits, 0);
  out.push(
    referred
      ? {
          tone: 'good',
          text: `${referred} ${visitsWord(referred)} came from the AI assistants ${period}: ${referrals.map((row) => `${row.assistant} ${row.visits}`).join(', ')}.`,
        }
      : { tone: 'note', text: `No visits came from the AI assistants ${period}.` },
  );
  return out;
}
