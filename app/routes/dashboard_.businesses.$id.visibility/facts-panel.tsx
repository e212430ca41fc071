import { Link, useLoaderData } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { linkStyles } from '~/components/ui/styles';
import type { FactsOnPage } from '~/domain/tracking/reports/facts.server';
import type { loader } from './route';

// "What assistants say about you" (issue 45 items 4 and 5): each fact the answers state about the
// business, the owner's own value, every version they gave with how many answers, which
// assistants, an example sentence and its date, the share given wrong with its likely range, and
// next to each wrong version where the answer read it and where to correct it.

type Fact = FactsOnPage['facts'][number];
type Version = Fact['versions'][number];

const LABELS: Record<Fact['kind'], { title: string; noun: string }> = {
  phone: { title: 'Phone', noun: 'a phone number' },
  address: { title: 'Address', noun: 'an address' },
  hours: { title: 'Opening hours', noun: 'opening hours' },
  website: { title: 'Website', noun: 'a website' },
  status: { title: 'Open or closed', noun: 'whether you are open' },
};

const VERDICTS = {
  right: { label: 'Right', style: 'bg-emerald-100 text-emerald-900' },
  wrong: { label: 'Wrong', style: 'bg-red-100 text-red-900' },
  unclear: { label: 'Unclear', style: 'bg-amber-100 text-amber-950' },
  none: { label: 'No verdict', style: 'bg-slate-100 text-slate-800' },
} as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const answers = (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'}`;
/** "https://www.yelp.com/biz/okafor-plumbing" → "yelp.com/biz/okafor-plumbing". */
const shortUrl = (url: string) =>
  url
    .replace(/^https?:\/\/(?:www\.)?/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/$/, '');

function CountLine({ fact }: { fact: Fact }) {
  const { noun } = LABELS[fact.kind];
  if (!fact.stated) return <p className="text-sm text-slate-700">No answer gave {noun}.</p>;
  if (!fact.wrongShare)
    return (
      <p className="text-sm text-slate-700">
        {answers(fact.stated)} gave {noun}; add yours to check them.
      </p>
    );
  return (
    <p className="text-sm text-slate-800" data-testid={`fact-count-${fact.kind}`}>
      Wrong in {fact.wrong} of {answers(fact.stated)} that give {noun} (likely{' '}
      {percent(fact.wrongShare.low)}–{percent(fact.wrongShare.high)}); right in {fact.right},
      unclear in {fact.unclear}.
    </p>
  );
}

function WhatToDo({ version, businessId }: { version: Version; businessId: string }) {
  return (
    <div className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900">
      <p className="font-semibold">What to do about it</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {version.cited.map((url) => (
          <li key={url}>
            {version.example.engine} cited{' '}
            <ExternalLink href={url} className={linkStyles}>
              {shortUrl(url)}
            </ExternalLink>{' '}
            in that answer: correct your listing there.
          </li>
        ))}
        <li>
          Correct it on your{' '}
          <ExternalLink href="https://business.google.com/" className={linkStyles}>
            Google Business Profile
          </ExternalLink>
          , which the assistants read for local businesses.
        </li>
        <li>
          Put the right value in your site’s JSON-LD (
          <Link to={`/dashboard/businesses/${businessId}/audit`} className={linkStyles}>
            see the readiness report’s fix
          </Link>
          ).
        </li>
      </ul>
    </div>
  );
}

function VersionItem({ version, businessId }: { version: Version; businessId: string }) {
  const verdict = VERDICTS[version.verdict ?? 'none'];
  return (
    <li className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${verdict.style}`}>
          {verdict.label}
        </span>
        <span className="user-text font-medium text-slate-900">{version.value}</span>
        <span className="text-sm text-slate-700">
          in {answers(version.answers)} · {version.engines.join(', ')}
        </span>
      </p>
      <blockquote className="user-text mt-1 border-l-2 border-slate-300 pl-3 text-sm text-slate-800">
        {version.example.quote}
      </blockquote>
      <p className="mt-1 text-xs text-slate-600">
        {version.example.engine}, {day(version.example.askedAt)}
      </p>
      {version.verdict === 'wrong' ? <WhatToDo version={version} businessId={businessId} /> : null}
    </li>
  );
}

export function FactsPanel() {
  const { facts, business } = useLoaderData<typeof loader>();
  const editLink = `/dashboard?edit=${encodeURIComponent(business.id)}`;
  return (
    <section aria-labelledby="facts-title" className="space-y-4" data-testid="facts-panel">
      <div>
        <h2 id="facts-title" className="text-2xl font-bold text-slate-900">
          What assistants say about you
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          The phone numbers, addresses, opening hours, websites and “closed” claims the answers of
          the last {facts.days} days gave for your business, checked against yours.
          {facts.simulated ? (
            <span className="font-semibold"> Simulated answers: from the Demo assistant.</span>
          ) : null}
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {facts.facts.map((fact) => (
          <li
            key={fact.kind}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid={`fact-${fact.kind}`}
          >
            <h3 className="font-semibold text-slate-900">{LABELS[fact.kind].title}</h3>
            <p className="mt-1 text-sm text-slate-800">
              Yours:{' '}
              {fact.yours ? (
                <span className="user-text font-medium">{fact.yours}</span>
              ) : (
                <>
                  not given.{' '}
                  <Link to={editLink} className={linkStyles}>
                    Add it to your business
                  </Link>{' '}
                  to check what the assistants say.
                </>
              )}
            </p>
            <CountLine fact={fact} />
            {fact.versions.length ? (
              <ul className="mt-3 space-y-3">
                {fact.versions.map((version) => (
                  <VersionItem key={version.value} version={version} businessId={business.id} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
