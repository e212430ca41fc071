import { Form, Link, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/styles';
import { useUrlDialog } from '~/components/ui/url-dialog';

/**
 * The delete confirmation, addressed by `?confirmDelete=<id>`. The server renders it as an open
 * panel (works without JavaScript); with JavaScript it becomes a modal dialog (focus trapped,
 * Escape cancels, focus returns to the Delete that opened it), as every URL dialog does.
 */
export function DeleteBusinessDialog({
  business,
  cancelTo,
}: {
  business: { id: string; name: string };
  cancelTo: string;
}) {
  const { ref, onCancel } = useUrlDialog(business.id, cancelTo);
  const navigation = useNavigation();
  const deleting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="delete-business-title"
      aria-describedby="delete-business-text"
      data-testid="delete-confirmation"
      onCancel={onCancel}
      className="z-40 m-auto w-full max-w-md rounded-lg border border-red-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-business-title" className="text-lg font-semibold">
        Delete business
      </h2>
      <p id="delete-business-text" className="mt-2 text-sm text-slate-700">
        Are you sure you want to delete &quot;{business.name}&quot;? This action cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
          Cancel
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="businessId" value={business.id} />
          <button type="submit" className={buttonStyles.danger} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </Form>
      </div>
    </dialog>
  );
}
