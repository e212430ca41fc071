import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { dashboardListPath } from './business-search';
import { OptimizationGuide, PromptKit } from './split';
import { buttonStyles } from '~/components/ui/styles';
import {
  BUSINESSES_PER_PAGE,
  clampPage,
  countBusinesses,
  createBusiness,
  deleteBusiness,
  updateBusiness,
} from '~/domain/businesses.server';
import { isDomainError } from '~/domain/errors';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { BusinessSchema } from '~/schemas/business';
import { ListLinks } from '~/components/ui/list-link';
import { BusinessesPanel } from './businesses-panel';
import { ToolsPanel } from './tools-panel';
import { BillingPanel } from './billing-panel';
import { TABS } from './page';
import { listParams, loadDashboard } from './dashboard.server';

export const meta: MetaFunction = () => [{ title: 'Dashboard | AI Visibility' }];

export function loader({ request }: LoaderFunctionArgs) {
  return loadDashboard(request);
}

export type ActionResult = {
  intent: 'create' | 'update';
  businessId?: string;
  result: SubmissionResult<string[]>;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const businessId = String(formData.get('businessId') ?? '');
  // The forms post to the page they are on (`?page=3&q=den&edit=…`): after an edit or a delete
  // the user is back on that page of that search; after an add, on page 1 where the new one is.
  const { page, q } = listParams(new URL(request.url));
  const back = dashboardListPath({ page, q });

  if (intent === 'create' || intent === 'update') {
    const submission = parseWithZod(formData, { schema: BusinessSchema });
    if (submission.status !== 'success') {
      return data<ActionResult>(
        { intent, businessId: businessId || undefined, result: submission.reply() },
        { status: 400 },
      );
    }
    const { name, description, website, industry, location, phone, address, openingHours } =
      submission.value;
    const { nameVariants } = submission.value;
    // The form always sends every field: an empty one clears it.
    const input = {
      name,
      description: description ?? null,
      website: website ?? null,
      industry: industry ?? null,
      location: location ?? null,
      phone: phone ?? null,
      address: address ?? null,
      openingHours: openingHours ?? null,
      nameVariants: nameVariants ?? null,
    };
    try {
      if (intent === 'create') {
        await createBusiness(user, input);
        return await redirectWithToast(
          '/dashboard',
          { title: 'Business added successfully!' },
          {
            request,
          },
        );
      }
      await updateBusiness(user, businessId, input);
      return await redirectWithToast(
        back,
        { title: 'Business updated successfully' },
        {
          request,
        },
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.code === 'not_found') {
        return redirectWithToast(
          back,
          { title: 'Error', description: error.message, variant: 'destructive' },
          { request },
        );
      }
      return data<ActionResult>(
        {
          intent,
          businessId: businessId || undefined,
          result: submission.reply({ formErrors: [error.message] }),
        },
        { status: error.status },
      );
    }
  }

  if (intent === 'delete') {
    try {
      await deleteBusiness(user, businessId);
      // The last one on the last page: go back a page rather than to an empty one.
      const left = await countBusinesses(user, { q });
      return await redirectWithToast(
        dashboardListPath({ page: clampPage(page, left, BUSINESSES_PER_PAGE), q }),
        { title: 'Business deleted successfully' },
        {
          request,
        },
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithToast(
        back,
        {
          title: 'Error',
          description: error.message || 'Failed to delete business',
          variant: 'destructive',
        },
        { request },
      );
    }
  }

  return redirectWithToast(
    '/dashboard',
    { title: 'Error', description: 'Unknown action', variant: 'destructive' },
    { request },
  );
}

export default function DashboardPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { greeting, plan, tab } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            AI Visibility Dashboard
          </h1>
          <p className="user-text mt-1 text-slate-700" data-testid="welcome">
            {greeting}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/" className={buttonStyles.secondary}>
            Home
          </Link>
          <Link to="/account" className={buttonStyles.secondary}>
            Account settings
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonStyles.secondary}>
              Logout
            </button>
          </Form>
        </div>
      </div>

      <ToolsPanel />
      <BillingPanel />

      {plan.hasPremiumAccess ? (
        <nav aria-label="Dashboard sections" className="border-b border-slate-200">
          <ul className="-mb-px flex flex-wrap gap-2">
            {TABS.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.id === 'businesses' ? '/dashboard' : `/dashboard?tab=${item.id}`}
                  preventScrollReset
                  aria-current={tab === item.id ? 'page' : undefined}
                  className={`inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold ${
                    tab === item.id
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {tab === 'prompts' && loaderData.promptKit ? (
        <PromptKit prompts={loaderData.promptKit.prompts} tips={loaderData.promptKit.tips} />
      ) : tab === 'guide' ? (
        <OptimizationGuide tab={loaderData.guide} page={loaderData.list.page} />
      ) : (
        // The cards' links share one navigate (ListLinks): a page of cards has ~60 of them.
        <ListLinks>
          <BusinessesPanel />
        </ListLinks>
      )}
    </div>
  );
}
