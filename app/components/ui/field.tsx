import {
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { fieldProps, type FormField } from './server-form';
import { inputStyles } from './styles';

// Labelled inputs bound to a conform field: the label, the aria wiring and the error text come from
// the field's metadata, and errors are server-rendered so they show without JavaScript. The
// server's length limit (the form's zod schema, through conform's constraint) becomes `maxlength`,
// and a text area says how much is left.

type InputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'date' | 'number';

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="min-h-5 text-sm text-red-700">
      {errors?.length ? errors.join(' ') : null}
    </div>
  );
}

export function InputField({
  field,
  label,
  type,
  hint,
  ...rest
}: {
  field: FormField;
  label: ReactNode;
  type: InputType;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>) {
  const props = fieldProps(field, [hint ? field.descriptionId : null]);
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input {...props} key={field.key} type={type} {...rest} className={inputStyles} />
      {hint ? (
        <p id={field.descriptionId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  ...rest
}: {
  field: FormField;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'defaultValue'>) {
  const counterId = `${field.id}-count`;
  const max = rest.maxLength ?? field.maxLength;
  const props = fieldProps(field, [hint ? field.descriptionId : null, max ? counterId : null]);
  const [length, setLength] = useState(() =>
    typeof field.initialValue === 'string' ? field.initialValue.length : 0,
  );
  // Text typed before this part of the page was hydrated (its code may load later, see
  // ~/routes/dashboard/split.tsx) is counted once it is.
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (ref.current) setLength(ref.current.value.length);
  }, []);
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...props}
        ref={ref}
        key={field.key}
        maxLength={max}
        // A document page's script keeps the counter true (see ~/components/document-script).
        data-counter={max ? counterId : undefined}
        {...rest}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        className={inputStyles}
      />
      {max ? (
        <p id={counterId} className="text-xs text-slate-600" data-testid="char-count">
          {(max - length).toLocaleString('en-US')} of {max.toLocaleString('en-US')} characters left
        </p>
      ) : null}
      {hint ? (
        <p id={field.descriptionId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The form's own errors (wrong credentials, say), server-rendered so they show without JavaScript
 * and announced when they appear.
 * `toasted`: the page also raises these errors as a toast (the spec's 'Login Failed' and the like);
 * with JavaScript the toast is the one message shown, and this box stays the plain page's copy.
 */
export function FormAlert({
  id,
  title,
  errors,
  toasted = false,
}: {
  id: string;
  title: string;
  errors?: string[];
  toasted?: boolean;
}) {
  return (
    <div
      id={id}
      aria-live={toasted ? undefined : 'assertive'}
      className={toasted ? 'no-js-only' : undefined}
    >
      {errors?.length ? (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{title}</p>
          <p>{errors.join(' ')}</p>
        </div>
      ) : null}
    </div>
  );
}
