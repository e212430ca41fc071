import { Link, useLoaderData } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import type { AskedFrom } from '~/domain/tracking/rounds/asked-from';
import type { loader } from './route';

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function words({ place, bySearch, byQuestion, sentence }: AskedFrom): string {
  const search = bySearch.length
    ? `: ${list(bySearch)} ${bySearch.length === 1 ? 'searches' : 'search'} from there`
    : '';
  const question = byQuestion.length
    ? ` ${list(byQuestion)} cannot be told where you are, so we add “${sentence}” to the questions we ask it, unless they name your town already.`
    : '';
  return `The assistants are asked from ${place}, your business’s location${search}.${question}`;
}

/** Where the assistants are asked from, and how each is told (Gemini: in the question). */
export function LocationNote() {
  const { business, askedFrom } = useLoaderData<typeof loader>();
  if (!askedFrom)
    return (
      <p className="mt-2 max-w-3xl text-sm text-slate-700" data-testid="location-note">
        Your business has no location we can read, so the assistants are asked without one and local
        answers may be about another town.{' '}
        <Link to={`/dashboard?edit=${encodeURIComponent(business.id)}`} className={linkStyles}>
          Add a location
        </Link>
      </p>
    );
  return (
    <p className="mt-2 max-w-3xl text-sm text-slate-700" data-testid="location-note">
      {words(askedFrom)}
    </p>
  );
}
