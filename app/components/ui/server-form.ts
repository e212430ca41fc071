import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef } from 'react';

// Every form of the site is validated by its action only: conform's parseWithZod and
// submission.reply() on the server. In the browser a form needs no form library, just the reply
// read back into ids, errors and typed values, with conform's ids and the same accessibility wiring
// (aria-invalid, aria-describedby, focus on the first invalid field). The public pages render it
// on the server only; the dashboard and admin forms use it too, which keeps conform's client
// (about 9 KB gzip) out of their JavaScript budget (issue 35).

/** What a labelled input needs from its form; conform's FieldMetadata has this shape too. */
export type FormField = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
};

export type FieldConstraint = { required?: boolean; minLength?: number; maxLength?: number };

export function useServerForm<Name extends string>({
  id,
  names,
  lastResult,
  constraint = {},
  defaultValue = {},
}: {
  id: string;
  names: readonly Name[];
  lastResult?: SubmissionResult<string[]> | null;
  constraint?: Partial<Record<string, FieldConstraint>>;
  defaultValue?: Partial<Record<Name, string>>;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const errors = lastResult?.error ?? {};
  const values: Record<string, unknown> = lastResult?.initialValue ?? defaultValue;
  const formErrors = errors[''] ?? undefined;
  const fields = Object.fromEntries(
    names.map((name) => {
      const fieldId = `${id}-${name}`;
      const field: FormField = {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        errors: errors[name] ?? undefined,
        initialValue: values[name],
        // An input whose value the server sent back changed is re-mounted to show it; one it
        // withheld (a password) keeps what was typed, as with conform.
        key: JSON.stringify(values[name] ?? null),
        ...constraint[name],
      };
      return [name, field];
    }),
  ) as Record<Name, FormField>;

  // After a refused submission the cursor goes to the first field with an error.
  useEffect(() => {
    if (lastResult?.status !== 'error') return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);

  const invalid = Boolean(formErrors?.length);
  return {
    form: {
      id,
      errorId: `${id}-error`,
      errors: formErrors,
      reset: () => ref.current?.reset(),
      props: {
        ref,
        id,
        noValidate: true,
        'aria-invalid': invalid || undefined,
        'aria-describedby': invalid ? `${id}-error` : undefined,
      },
    },
    fields,
  };
}

/** The attributes of a field's input or text area. */
export function fieldProps(field: FormField, describedBy: (string | null | undefined)[] = []) {
  const invalid = Boolean(field.errors?.length);
  const ids = [invalid ? field.errorId : null, ...describedBy].filter(Boolean).join(' ');
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': ids || undefined,
  };
}
