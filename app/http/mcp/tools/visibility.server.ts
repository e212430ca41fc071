import { z } from 'zod';
import { RANGE_MAX_DAYS, visibilityOverRange } from '~/domain/tracking/reports/range.server';
import {
  simulatedEngine,
  simulatedFigures,
  visibilityFor,
} from '~/domain/tracking/reports/visibility.server';
import {
  businessId,
  figuresOut,
  json,
  rangeOf,
  rangeParams,
  readOnly,
  round,
  run,
  toolError,
  type ToolGroup,
} from './shared.server';

// get_visibility and get_competitors: the tracking figures over a range, and the share of voice.

export const registerVisibilityTools: ToolGroup = (server, user) => {
  server.registerTool(
    'get_visibility',
    {
      title: 'Visibility figures',
      description: `How often each AI engine named the business in its answers over a range of days (UTC), and overall: answers read (the sample size), mention rate with its 95% interval (small samples give wide intervals: say so rather than over-reading a change), how often the answers cited the website, found it by search without citing it, average position when named, and share of voice. Give \`days\` (the last N days, default 30) or \`from\` and optionally \`to\` (YYYY-MM-DD, at most ${RANGE_MAX_DAYS} days).`,
      inputSchema: z.strictObject({
        businessId,
        ...rangeParams,
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () => {
        const range = rangeOf(input);
        if (typeof range === 'string') return toolError(range);
        const figures = await visibilityOverRange(user, input.businessId, range);
        return json({
          from: figures.from,
          to: figures.to,
          // The figures are the Demo assistant's simulated answers, not a real assistant's (with
          // DEMO_TRACKING they read its answers alone, so a range without any is simulated too).
          simulated:
            simulatedFigures() ||
            figures.engines.some((engine) => engine.samples > 0 && simulatedEngine(engine.engine)),
          overall: figuresOut(figures.overall),
          engines: figures.engines.map((engine) => ({
            engine: engine.engine,
            name: engine.name,
            simulated: simulatedEngine(engine.engine),
            ...figuresOut(engine),
          })),
          failedCalls: figures.failed,
        });
      }),
  );

  server.registerTool(
    'get_competitors',
    {
      title: 'Competitors and share of voice',
      description:
        "For the latest period with answers (a day on daily plans, a week otherwise): the business's share of voice, every other business the answers named with how many answers named it and its share of voice (`known`: on the owner's competitor list), and the sites the answers cited most.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const visibility = await visibilityFor(user, id_);
        return json({
          period: visibility.current,
          answers: visibility.overall.samples,
          yourShareOfVoice: round(visibility.overall.shareOfVoice),
          competitors: visibility.competitors.map((competitor) => ({
            name: competitor.name,
            known: competitor.known,
            mentions: competitor.mentions,
            shareOfVoice: round(competitor.shareOfVoice),
          })),
          sitesCited: visibility.domains.map((site) => ({
            domain: site.domain,
            answersCiting: site.cited,
            own: site.own,
          })),
        });
      }),
  );
};
