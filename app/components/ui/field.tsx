import { getInputProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FieldErrors } from "./input.tsx";

// Conform and zod load only on the screens whose forms validate in the browser (auth, reset-password,
// password change, profile edit, admin create user). The plain pieces are in ./input.tsx.
export { FieldErrors, FormAlert, inputClass, SubmitButton, TextareaWithCounter } from "./input.tsx";

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
