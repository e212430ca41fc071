import type { LoaderFunctionArgs } from 'react-router';
import { mentionChange, type Figures } from '~/domain/tracking/figures/figures';
import { sentimentOfPeriod } from '~/domain/tracking/rounds/sentiment.server';
import {
  engineFilter,
  simulatedEngine,
  visibilityFor,
} from '~/domain/tracking/reports/visibility.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';

function figures(value: Figures) {
  return {
    samples: value.samples,
    mentioned: value.mentioned,
    mentionRate: value.mentionRate,
    mentionRateLow: value.mentionRateLow,
    mentionRateHigh: value.mentionRateHigh,
    cited: value.cited,
    citationRate: value.citationRate,
    retrieved: value.retrieved,
    citedOrRetrieved: value.citedOrRetrieved,
    citedNotNamed: value.citedNotNamed,
    averagePosition: value.averagePosition,
    // Issue 32: intervals clustered by question (decision 20), the low-sample flag (fewer than
    // 10 answers), what the answers are worth as independent ones, and the position's spread.
    citationRateLow: value.citationRateLow,
    citationRateHigh: value.citationRateHigh,
    mentionEffectiveSamples: value.mentionEffectiveSamples,
    citationEffectiveSamples: value.citationEffectiveSamples,
    questions: value.questions,
    lowSample: value.lowSample,
    positionSd: value.positionSd,
    averagePositionLow: value.averagePositionLow,
    averagePositionHigh: value.averagePositionHigh,
  };
}

// GET /api/businesses/{id}/visibility → { period, simulated, engines: [{ engine, name, simulated,
// …figures }], overall,
// competitors: [{ name, mentions, shareOfVoice }], domains, retrievedDomains, periods: [{ start,
// …figures }] }: the latest period with answers (a day on daily plans, a week on weekly ones) and
// the trend. Rates run from 0 to 1; averagePosition is null when the business was never named.
// `cited` counts the answers' own citations of the site; `retrieved` the answers whose search
// returned it uncited; `citedOrRetrieved` answers recorded before the two were told apart.
// `domains`: the sites cited most ({ domain, cited, share, retrieved, citedOrRetrieved, own });
// `retrievedDomains`: the sites found by the searches and not cited most. Every rate's interval
// accounts for the repeats of one question being alike; `lowSample` marks fewer than 10 answers;
// `change` says whether the move since the period before is beyond noise; `pooled` (when the
// period is thin) pools the last 4 weeks or 7 days. `sentiment`: how the
// period's answers describe the business, per engine and overall ({ engine, name, positive,
// neutral, negative, sentences, answers, positiveShare, neutralShare, negativeShare, lowSample }):
// counts of the sentences naming it labelled each way, n = `sentences` (lowSample below 10);
// `sentiment.pooled` ({ since, engines, overall }) the same over the trend's periods.
// `simulated`: true when the figures come from the Demo assistant's simulated answers
// (DEMO_TRACKING), never from a real assistant; show it with every figure.
// Another user's business → 404. `?periods=N` asks for a longer (or shorter) trend: N periods of
// the plan's kind, up to a year (366 days or 53 weeks); it reaches back past the raw answers'
// retention (TRACKING_ANSWER_RETENTION_DAYS), as it is read from the per-day counts.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const asked = new URL(request.url).searchParams.get('periods');
  if (asked !== null && (!/^[1-9]\d{0,2}$/.test(asked) || Number(asked) > 366))
    return jsonMessage(400, 'periods must be a whole number from 1 to 366');
  try {
    const visibility = await visibilityFor(
      user,
      params.id ?? '',
      new Date(),
      asked === null ? undefined : Number(asked),
    );
    const sentiment = await sentimentOfPeriod(
      params.id ?? '',
      engineFilter(),
      visibility.current,
      visibility.periods[0]?.start ?? null,
    );
    const names = new Map(visibility.engines.map((engine) => [engine.engine, engine.name]));
    return Response.json(
      {
        period: visibility.current,
        simulated: visibility.simulated,
        engines: visibility.engines.map((engine) => ({
          engine: engine.engine,
          name: engine.name,
          simulated: simulatedEngine(engine.engine),
          ...figures(engine),
        })),
        overall: { ...figures(visibility.overall), shareOfVoice: visibility.overall.shareOfVoice },
        competitors: visibility.competitors.map(({ name, mentions, shareOfVoice, known }) => ({
          name,
          mentions,
          shareOfVoice,
          known,
        })),
        domains: visibility.domains,
        retrievedDomains: visibility.retrievedDomains,
        periods: visibility.periods.map((period) => ({ start: period.start, ...figures(period) })),
        // The mention rate against the period before: beyondNoise is a two-proportion test on
        // the effective samples; when false the change is no clear change, whatever its size.
        change:
          visibility.previous && visibility.overall.samples
            ? {
                previous: figures(visibility.previous),
                difference: mentionChange(visibility.previous, visibility.overall).change,
                beyondNoise: mentionChange(visibility.previous, visibility.overall).clear,
              }
            : null,
        // When the period is too thin: the same figures over the last periods, pooled.
        pooled: visibility.pooled
          ? {
              start: visibility.pooled.start,
              end: visibility.pooled.end,
              periods: visibility.pooled.periods,
              overall: figures(visibility.pooled.overall),
              engines: visibility.pooled.engines.map((engine) => ({
                engine: engine.engine,
                name: engine.name,
                ...figures(engine),
              })),
            }
          : null,
        firstPeriod: visibility.firstPeriod,
        scheduleChange: visibility.scheduleChange,
        sentiment: {
          engines: sentiment.engines.map((engine) => ({
            ...engine,
            name: names.get(engine.engine) ?? engine.engine,
          })),
          overall: sentiment.overall,
          pooled: sentiment.pooled && {
            since: sentiment.pooled.since,
            engines: sentiment.pooled.engines.map((engine) => ({
              ...engine,
              name: names.get(engine.engine) ?? engine.engine,
            })),
            overall: sentiment.pooled.overall,
          },
        },
      },
      { headers: { 'Cache-Control': PRIVATE_NO_STORE } },
    );
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
