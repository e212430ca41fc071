import { renderToStaticMarkup } from 'react-dom/server';
import { SITE_NAME } from '~/content/pages';
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/domain/dates';
import {
  describeAllAssistants,
  describeChange,
  describeMentions,
  type Figures,
} from '~/domain/tracking/figures/figures';
import type { Mail } from '~/lib/mail.server';
import { greeting, Layout } from './messages.server';

// The weekly visibility digest: per business, how often each assistant named it this week against
// the week before (every rate with its sample size), a business the answers brought up for the
// first time, and a line of one answer that named it. Plain text and HTML carry the same words.
// Every digest ends with its one-click unsubscribe link, which the List-Unsubscribe headers repeat
// (RFC 2369, RFC 8058) so mail programs can show their own Unsubscribe button.

export type DigestEngine = { name: string; current: Figures; previous: Figures | null };

export type DigestBusiness = {
  id: string;
  name: string;
  /** Its figures come from the Demo assistant's simulated answers: labelled before the number. */
  simulated: boolean;
  overall: Figures;
  previous: Figures | null;
  engines: DigestEngine[];
  /** How the answers used the business's site (cited apart from found by the search only);
   * null without a website. */
  site: string | null;
  /** One line on how the week's answers describe the business (null: no sentence named it). */
  sentiment?: string | null;
  /** A business the answers named for the first time this week (not on the owner's list). */
  newCompetitor: { name: string; mentions: number } | null;
  /** Facts the answers gave wrong this week for the first time (issue 45). */
  wrongFacts?: string[];
  /** A short excerpt of a recent answer that named the business. */
  quote: { engine: string; prompt: string; excerpt: string } | null;
};

export type DigestContent = {
  to: string;
  firstName: string | null;
  origin: string;
  /** The first and last days of the week reported (UTC). */
  from: Date;
  until: Date;
  businesses: DigestBusiness[];
  /** Businesses with answers this week beyond those shown. */
  more: number;
  unsubscribeUrl: string;
};

const WEEK_BEFORE = 'the week before';

function day(date: Date) {
  return formatLongDate(date, DEFAULT_TIME_ZONE);
}

function overallLine(business: DigestBusiness) {
  return `${describeAllAssistants(business.overall, business.simulated)}; ${describeChange(business.overall, business.previous, WEEK_BEFORE)}.`;
}

function engineLine(engine: DigestEngine) {
  return `${engine.name}: ${describeMentions(engine.current)}; ${describeChange(engine.current, engine.previous, WEEK_BEFORE)}.`;
}

function competitorLine(competitor: NonNullable<DigestBusiness['newCompetitor']>) {
  const answers = competitor.mentions === 1 ? '1 answer' : `${competitor.mentions} answers`;
  return `New this week: ${competitor.name}, named in ${answers} and never before.`;
}

/** The business's visibility page: its figures and every answer. */
function visibilityUrl(origin: string, business: DigestBusiness) {
  return `${origin}/dashboard/businesses/${encodeURIComponent(business.id)}/visibility`;
}

function quoteIntro(quote: NonNullable<DigestBusiness['quote']>) {
  return `${quote.engine}, asked “${quote.prompt}”:`;
}

export function trackingDigestMail(content: DigestContent): Mail {
  const { origin } = content;
  const dashboard = `${origin}/dashboard`;
  const account = `${origin}/account`;
  const period = `${day(content.from)} to ${day(content.until)} (UTC)`;
  const subject = `Your weekly AI visibility digest: ${day(content.until)}`;
  const moreLine =
    content.more > 0
      ? `And ${content.more} more ${content.more === 1 ? 'business' : 'businesses'}: see them all in your dashboard.`
      : null;

  const text = [
    greeting(content.firstName),
    `How AI assistants answered the questions you track, ${period}. Each rate comes with the number of answers behind it and the range the true rate likely lies in.`,
    ...content.businesses.map((business) =>
      [
        `== ${business.name} ==`,
        overallLine(business),
        ...business.engines.map((engine) => `- ${engineLine(engine)}`),
        ...(business.site ? [business.site] : []),
        ...(business.sentiment ? [business.sentiment] : []),
        ...(business.newCompetitor ? [competitorLine(business.newCompetitor)] : []),
        ...(business.wrongFacts ?? []),
        ...(business.quote
          ? [`${quoteIntro(business.quote)}\n> ${business.quote.excerpt}`]
          : ['No answer named it this week.']),
        `Every figure and answer for ${business.name}:\n${visibilityUrl(origin, business)}`,
      ].join('\n'),
    ),
    ...(moreLine ? [`${moreLine}\n${dashboard}`] : []),
    `You receive this weekly digest with your paid plan. Unsubscribe with one click:\n${content.unsubscribeUrl}\nor turn it back on at ${account}.`,
    `— ${SITE_NAME}\n${origin}`,
  ].join('\n\n');

  const muted = { fontSize: 13, color: '#475569' } as const;
  const html =
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <Layout title={subject} origin={origin}>
        <p>{greeting(content.firstName)}</p>
        <p>
          How AI assistants answered the questions you track, {period}. Each rate comes with the
          number of answers behind it and the range the true rate likely lies in.
        </p>
        {content.businesses.map((business, index) => (
          <div key={index} style={{ marginTop: 24 }}>
            <h2 style={{ fontSize: 17, margin: '0 0 8px' }}>{business.name}</h2>
            <p style={{ margin: '0 0 8px' }}>{overallLine(business)}</p>
            <ul style={{ margin: '0 0 8px', paddingLeft: 20 }}>
              {business.engines.map((engine) => (
                <li key={engine.name}>{engineLine(engine)}</li>
              ))}
            </ul>
            {business.site ? <p style={{ margin: '0 0 8px' }}>{business.site}</p> : null}
            {business.sentiment ? <p style={{ margin: '0 0 8px' }}>{business.sentiment}</p> : null}
            {business.newCompetitor ? (
              <p style={{ margin: '0 0 8px' }}>{competitorLine(business.newCompetitor)}</p>
            ) : null}
            {(business.wrongFacts ?? []).map((line) => (
              <p key={line} style={{ margin: '0 0 8px', color: '#991b1b' }}>
                {line}
              </p>
            ))}
            {business.quote ? (
              <>
                <p style={{ margin: '0 0 4px', ...muted }}>{quoteIntro(business.quote)}</p>
                <blockquote
                  style={{ margin: 0, padding: '4px 12px', borderLeft: '3px solid #cbd5e1' }}
                >
                  {business.quote.excerpt}
                </blockquote>
              </>
            ) : (
              <p style={muted}>No answer named it this week.</p>
            )}
            <p style={{ margin: '8px 0 0' }}>
              <a href={visibilityUrl(origin, business)}>
                See every figure and answer for {business.name}
              </a>
            </p>
          </div>
        ))}
        {moreLine ? (
          <p style={{ marginTop: 24 }}>
            {moreLine.replace(/: see them all in your dashboard\.$/, ':')}{' '}
            <a href={dashboard}>see them all in your dashboard</a>.
          </p>
        ) : null}
        <p style={muted}>
          You receive this weekly digest with your paid plan.{' '}
          <a href={content.unsubscribeUrl}>Unsubscribe with one click</a>, or turn it back on in
          your <a href={account}>account settings</a>.
        </p>
      </Layout>,
    );

  return {
    kind: 'tracking-digest',
    to: content.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${content.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
