import { Link } from 'react-router';
import { Section } from '~/components/marketing';
import { buttonStyles } from '~/components/ui/styles';
import { TOUR } from '~/content/marketing';

/**
 * The home page's tour of Test, Fix, Track (the hero's "Take the Tour" leads here, #tour): what an
 * owner sees at each step, with an example in the dashboard's words. Plain server-rendered
 * content: no video, no script.
 */
export function Tour() {
  return (
    <Section id="tour" title={TOUR.title} lead={TOUR.lead}>
      <ol className="grid gap-6 lg:grid-cols-3" data-testid="tour">
        {TOUR.steps.map((step, index) => (
          <li
            key={step.key}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm"
          >
            <p className="text-brand-700 text-sm font-semibold">Step {index + 1}</p>
            <h3 className="mt-1 text-xl font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-3 text-slate-700">{step.description}</p>
            <p className="mt-4 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
              <span className="font-semibold">Example: </span>
              {step.example}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-10 text-center">
        <Link to="/register" className={`${buttonStyles.primary} px-5 py-3`}>
          {TOUR.cta}
        </Link>
      </p>
    </Section>
  );
}
