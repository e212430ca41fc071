import { lazy, Suspense, type ComponentProps } from 'react';
import { BusinessForm as BusinessFormNow } from './business-form';
import { DeleteBusinessDialog as DeleteBusinessDialogNow } from './delete-dialog';
import { Pagination as PaginationNow } from '~/components/ui/pagination';
import { OptimizationGuide as OptimizationGuideNow } from './guide';
import { PromptKit as PromptKitNow } from './prompt-kit';

// What only some visits to the dashboard show (issue 35: the dashboard's JavaScript budget):
// the add/edit form, the delete confirmation, the premium tabs and the page links of a long list. The browser loads each one's
// code when it first shows; the server renders them at once, so the page is whole without
// JavaScript (a React.lazy the server waited for would be streamed in by script). Each
// `import.meta.env.SSR ? … : lazy(…)` is decided at build time, so the browser's bundle keeps only
// the lazy import.

const BusinessFormLater = import.meta.env.SSR
  ? BusinessFormNow
  : lazy(() => import('./business-form').then((module) => ({ default: module.BusinessForm })));
const DeleteBusinessDialogLater = import.meta.env.SSR
  ? DeleteBusinessDialogNow
  : lazy(() =>
      import('./delete-dialog').then((module) => ({ default: module.DeleteBusinessDialog })),
    );
const PromptKitLater = import.meta.env.SSR
  ? PromptKitNow
  : lazy(() => import('./prompt-kit').then((module) => ({ default: module.PromptKit })));
const OptimizationGuideLater = import.meta.env.SSR
  ? OptimizationGuideNow
  : lazy(() => import('./guide').then((module) => ({ default: module.OptimizationGuide })));

const PaginationLater = import.meta.env.SSR
  ? PaginationNow
  : lazy(() =>
      import('~/components/ui/pagination').then((module) => ({ default: module.Pagination })),
    );

export function Pagination(props: ComponentProps<typeof PaginationNow>) {
  return (
    <Suspense fallback={null}>
      <PaginationLater {...props} />
    </Suspense>
  );
}

export function BusinessForm(props: ComponentProps<typeof BusinessFormNow>) {
  return (
    <Suspense fallback={null}>
      <BusinessFormLater {...props} />
    </Suspense>
  );
}

export function DeleteBusinessDialog(props: ComponentProps<typeof DeleteBusinessDialogNow>) {
  return (
    <Suspense fallback={null}>
      <DeleteBusinessDialogLater {...props} />
    </Suspense>
  );
}

export function PromptKit(props: ComponentProps<typeof PromptKitNow>) {
  return (
    <Suspense fallback={null}>
      <PromptKitLater {...props} />
    </Suspense>
  );
}

export function OptimizationGuide(props: ComponentProps<typeof OptimizationGuideNow>) {
  return (
    <Suspense fallback={null}>
      <OptimizationGuideLater {...props} />
    </Suspense>
  );
}
