import type { LoaderFunctionArgs } from 'react-router';
import type { Figures } from '~/domain/tracking/figures';
import { sentimentOfPeriod } from '~/domain/tracking/sentiment.server';
import { engineFilter, visibilityFor } from '~/domain/tracking/visibility.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

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
  };
}

// GET /api/businesses/{id}/visibility → { period, engines: [{ engine, name, …figures }], overall,
// competitors: [{ name, mentions, shareOfVoice }], domains, retrievedDomains, periods: [{ start,
// …figures }] }: the latest period with answers (a day on daily plans, a week on weekly ones) and
// the trend. Rates run from 0 to 1; averagePosition is null when the business was never named.
// `cited` counts the answers' own citations of the site; `retrieved` the answers whose search
// returned it uncited; `citedOrRetrieved` answers recorded before the two were told apart.
// `domains`: the sites cited most ({ domain, cited, share, retrieved, citedOrRetrieved, own });
// `retrievedDomains`: the sites found by the searches and not cited most. `sentiment`: how the
// period's answers describe the business, per engine and overall ({ engine, name, positive,
// neutral, negative, sentences, answers, positiveShare, neutralShare, negativeShare, lowSample }):
// counts of the sentences naming it labelled each way, n = `sentences` (lowSample below 10);
// `sentiment.pooled` ({ since, engines, overall }) the same over the trend's periods.
// Another user's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const visibility = await visibilityFor(user, params.id ?? '');
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
        engines: visibility.engines.map((engine) => ({
          engine: engine.engine,
          name: engine.name,
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
