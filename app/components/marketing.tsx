import type { ReactNode } from 'react';
import { CheckIcon } from './ui/icons';
import type { Card, Stat, Step } from '~/content/marketing';

// Presentational building blocks of the public pages. They render content data; copy lives in
// app/content.

export const container = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** Buttons on the dark call-to-action band (white on brand and brand on white both pass AA). */
export const onDarkButton = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-white px-5 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-white px-5 py-3 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
};

/**
 * Copy with its number ranges ('2-3 weeks') kept on one line: a hyphen is a line-break opportunity,
 * and '2-' at the end of a line and '3 weeks' on the next reads as a different claim.
 */
export function Copy({ text }: { text: string }) {
  const parts = text.split(/(\d+-\d+)/);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export function PageIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <div className="from-brand-50 bg-gradient-to-b to-white">
      <div className={`${container} py-14 text-center sm:py-20`}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-3xl text-lg text-slate-700">
          <Copy text={lead} />
        </p>
      </div>
    </div>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  className = '',
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={`py-14 sm:py-20 ${className}`}>
      <div className={container}>
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id={`${id}-title`}
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {title}
          </h2>
          {lead ? (
            <p className="mt-4 text-lg text-slate-700">
              <Copy text={lead} />
            </p>
          ) : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/**
 * The figures in cards of one height. The label comes first in the markup (<dt>) and shows under
 * its figure (column-reverse); `justify-end` packs both at the card's top, so every figure sits on
 * the same line however many lines its label wraps to.
 */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="stat-grid">
      {stats.map((stat) => (
        <div
          key={stat.value}
          className="flex flex-col-reverse justify-end rounded-xl border border-slate-200 bg-white px-3 py-5 text-center shadow-sm sm:px-5"
        >
          <dt className="mt-1 text-sm text-slate-700">
            {stat.label}
            {stat.source ? (
              <span className="mt-2 block text-xs text-slate-600" data-testid="stat-source">
                Source: {stat.source}
              </span>
            ) : null}
          </dt>
          <dd className="text-brand-700 text-3xl font-bold sm:text-4xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CardGrid({
  cards,
  columns = 3,
  testId,
}: {
  cards: readonly Card[];
  columns?: 2 | 3;
  testId?: string;
}) {
  return (
    <ul
      data-testid={testId}
      className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}
    >
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span aria-hidden="true" className="text-3xl">
            {card.icon}
          </span>
          <h3 className="mt-3 text-lg font-semibold text-slate-900">{card.title}</h3>
          <p className="mt-2 text-slate-700">
            <Copy text={card.description} />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ steps, headingLevel }: { steps: readonly Step[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li
          key={step.key}
          data-testid={`step-${step.key}`}
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span
            aria-hidden="true"
            className="bg-brand-600 inline-flex h-10 w-10 items-center justify-center rounded-full text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <Heading className="mt-4 text-xl font-semibold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </Heading>
          <p className="mt-2 text-slate-700">
            <Copy text={step.description} />
          </p>
          {step.points.length ? (
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {step.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon className="text-brand-700 mt-0.5 h-4 w-4" />
                  <span>
                    <Copy text={point} />
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The closing call to action of a page: a dark band with one or two buttons. */
export function CtaBand({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-700">
      <div className={`${container} py-14 text-center sm:py-20`}>
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        <p className="text-brand-50 mx-auto mt-4 max-w-2xl text-lg">
          <Copy text={lead} />
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
