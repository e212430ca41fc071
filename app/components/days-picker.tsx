import { Form } from 'react-router';
import { buttonStyles, inputStyles } from '~/components/ui/styles';

/** The periods a per-business report offers, in days (its loader falls back to one of them). */
export const DAY_CHOICES = [7, 30, 90] as const;

/**
 * "<label> 7/30/90 days" and Show: a plain GET form (works without JavaScript) that reloads the
 * page with `?days=N`. Used by the crawler visits and the sources pages.
 */
export function DaysPicker({ label, days }: { label: string; days: number }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="days" className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <select id="days" name="days" defaultValue={String(days)} className={`${inputStyles} w-40`}>
          {DAY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice} days
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonStyles.secondary}>
        Show
      </button>
    </Form>
  );
}
