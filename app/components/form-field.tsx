import { getInputProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import type { z } from "zod";

/**
 * A Conform form validated by a zod schema: on the client (blur, then every input once shown) and,
 * with the same schema, by the action that answers `lastResult`.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type InputType = "text" | "email" | "password";

/**
 * A labelled input bound to a Conform field: its errors are announced and linked with
 * aria-describedby, and an optional hint (e.g. username availability) is linked too.
 */
export function FormField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  onChange,
}: {
  field: FieldMetadata<string>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: ReactNode;
  onChange?: (value: string) => void;
}) {
  const { key, ...inputProps } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        autoComplete={autoComplete}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
          invalid ? "border-red-500" : "border-slate-300"
        }`}
      />
      {hint ? (
        <div id={field.descriptionId} className="text-sm" aria-live="polite">
          {hint}
        </div>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A form-level failure (wrong password, rate limit …) as an alert with a title. */
export function FormAlert({ id, title, errors }: { id: string; title: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      {errors.map((error) => (
        <p key={error} className="mt-0.5">
          {error}
        </p>
      ))}
    </div>
  );
}

export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className="w-full rounded-full bg-brand px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-400"
    >
      {children}
    </button>
  );
}
