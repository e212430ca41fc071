import { useLoaderData } from 'react-router';
import type { DomainFigures } from '~/domain/tracking/figures/figures';
import type { loader } from './route';

const percent = (value: number) => `${Math.round(value * 100)}%`;

function SiteName({ site }: { site: DomainFigures }) {
  return (
    <>
      <span className={site.own ? 'font-semibold' : undefined}>{site.domain}</span>
      {site.own ? ' (your site)' : ''}
    </>
  );
}

/**
 * The sites the period's answers cited most (their own citations only), and apart from them the
 * sites their searches returned without the answers citing them: the engine saw those pages and
 * chose others.
 */
export function CitedSites() {
  const { visibility } = useLoaderData<typeof loader>();
  const { domains, retrievedDomains, overall } = visibility;
  const samples = overall.samples;
  const unsure = domains.some((site) => site.citedOrRetrieved > 0);
  if (!domains.length && !retrievedDomains.length) return null;
  return (
    <div className="space-y-6">
      {domains.length ? (
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Sites the answers cited</h3>
          <ul className="mt-2 space-y-1 text-sm" data-testid="cited-domains">
            {domains.map((site) => (
              <li key={site.domain}>
                <SiteName site={site} />: cited in {site.cited} of {samples} answers (
                {percent(site.share)})
                {site.citedOrRetrieved ? (
                  <span className="text-slate-600">
                    ; cited or retrieved in {site.citedOrRetrieved} more
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">
            Counts the answers&apos; own citations only, not every page their search returned.
            {unsure
              ? ' “Cited or retrieved”: answers recorded before the two were told apart.'
              : ''}
          </p>
        </div>
      ) : null}
      {retrievedDomains.length ? (
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Found by the search, not cited</h3>
          <p className="mt-1 text-sm text-slate-700">
            The assistant&apos;s search returned these sites, and the answer cited others.
          </p>
          <ul className="mt-2 space-y-1 text-sm" data-testid="retrieved-domains">
            {retrievedDomains.map((site) => (
              <li key={site.domain}>
                <SiteName site={site} />: found but not cited in {site.retrieved} of {samples}{' '}
                answers ({percent(samples ? site.retrieved / samples : 0)})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
