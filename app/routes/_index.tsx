import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { buttonStyles } from '~/components/ui/styles';

export const meta: MetaFunction = () => [
  { title: 'AI Visibility: get your business recommended by AI assistants' },
  {
    name: 'description',
    content:
      'Help customers find your service business when they ask ChatGPT and other AI assistants.',
  },
];

export default function Index() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Get your business recommended by AI
      </h1>
      <p className="mt-6 text-lg text-slate-700">
        85% of businesses are invisible to AI. See where you stand and fix it in 30 days.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/register" className={buttonStyles.primary}>
          Get started
        </Link>
        <Link to="/pricing" className={buttonStyles.secondary}>
          See pricing
        </Link>
      </div>
    </section>
  );
}
