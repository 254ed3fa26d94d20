import { getInputProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { buttonClass } from "./button.tsx";
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
    <button type="submit" disabled={disabled} className={buttonClass({ size: "lg", full: true })}>
      {children}
    </button>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 sm:text-sm";

/**
 * A labelled textarea with a live 'N/max' counter (server-rendered with the starting length, so it
 * reads right without JavaScript; the server enforces `max` either way). Errors are linked with
 * aria-describedby.
 */
export function TextareaWithCounter({
  id,
  label,
  max,
  error,
  defaultValue = "",
  hideLabel = false,
  ...props
}: { id: string; label: string; max: number; error?: string | null; hideLabel?: boolean } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "maxLength">) {
  const [length, setLength] = useState(String(defaultValue).length);
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const over = length > max;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <textarea
        id={id}
        defaultValue={defaultValue}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ""}`}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        className={inputClass}
        {...props}
      />
      <div className="flex items-start justify-between gap-2 text-sm">
        {error ? (
          <p id={errorId} className="text-red-700">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span id={counterId} className={over ? "font-semibold text-red-700" : "text-slate-600"} aria-live="polite">
          {length}/{max}
        </span>
      </div>
    </div>
  );
}
