import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type PointerEvent, type ReactNode } from "react";
import type { z } from "zod";
import { useFormValues } from "./dom-value.ts";
import { FieldErrors } from "./input.tsx";

// Forms checked by a shared zod schema. The server parses every submission with it (Conform's
// parseWithZod) and answers `lastResult`; the page renders those errors with or without JavaScript.
// In the browser the same schema also checks as you go (a field once it is left, then on every
// input; everything on submit), but its code (zod, ~28 KB) loads only when a field of the form is
// first focused: the page itself ships neither zod nor Conform (they were 37 KB gz). A submit before it has
// arrived goes to the server, which answers with the same messages.
export { FieldErrors, FormAlert, inputClass, SubmitButton, TextareaWithCounter } from "./input.tsx";

export type FormResult = SubmissionResult<string[]> | null | undefined;
type Errors = Record<string, string[]>;
type Schema = z.ZodType;

export type FieldState = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  initialValue: string | undefined;
  errors: string[] | undefined;
};

function serverErrors(result: FormResult): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

function isSubmitOf(element: EventTarget | null, form: HTMLFormElement): boolean {
  const button = element instanceof Element ? element.closest("button") : null;
  return button !== null && button.type === "submit" && button.form === form;
}

/** What the schema says of the form's values (an empty field counts as missing, as with Conform). */
function check(schema: Schema, form: HTMLFormElement): Errors {
  const values: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of new FormData(form)) if (value !== "") values[name] = value;
  const errors: Errors = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

function focusFirstInvalid(form: HTMLFormElement, errors: Errors) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.type !== "hidden" && errors[element.name]) return element.focus();
    }
  }
}

/**
 * A form checked by `loadSchema()`'s schema: `form.props` go on the <Form>, `fields.x` on its
 * <FormField>s. Ids and aria wiring are Conform's (`{form}-{field}`, `…-error`, `…-description`).
 */
export function useZodForm<S extends Schema>(
  id: string,
  loadSchema: () => Promise<S>,
  lastResult: FormResult,
  defaultValue?: Partial<Record<keyof z.input<S>, unknown>>,
) {
  const [answered] = useState(() => serverErrors(lastResult)); // the server's answer this page came with
  const [errors, setErrors] = useState<Errors>(answered);
  // The server's messages of its last answer that still stand: each until its field is edited (a
  // form's own message until the next submit). Checks that arrive late must not wipe them: the
  // server knows what the schema cannot (a wrong password, a taken name).
  const standing = useRef<Errors>({ ...answered });
  const schema = useRef<Schema | null>(null);
  const loading = useRef(false);
  const validated = useRef(new Set(Object.keys(answered)));
  const formRef = useRef<HTMLFormElement | null>(null);
  // A pointer is down on this form's submit button (Safari does not focus buttons it clicks).
  const pressingSubmit = useRef(false);

  /** What is shown: the standing server messages, and the schema's on the fields already checked. */
  const show = () => {
    const own = schema.current && formRef.current ? check(schema.current, formRef.current) : {};
    const checked = Object.entries(own).filter(([name]) => validated.current.has(name));
    setErrors({ ...standing.current, ...Object.fromEntries(checked) });
  };
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        show();
      },
      () => (loading.current = false),
    );
  };

  // The server's answer (a fetcher-less <Form> submission with JS): its errors, the first field focused.
  const seen = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === seen.current) return;
    seen.current = lastResult;
    const next = serverErrors(lastResult);
    standing.current = next;
    for (const name of Object.keys(next)) validated.current.add(name);
    setErrors(next);
    if (formRef.current && lastResult.status === "error") focusFirstInvalid(formRef.current, next);
  }, [lastResult]);

  const initial = (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>;
  // What the fields hold (typed before the code arrived included): what a form's button or hint follows.
  const values = useFormValues(formRef, Object.fromEntries(Object.entries(initial).filter((e): e is [string, string] => typeof e[1] === "string")));
  const field = (name: string): FieldState => {
    const fieldId = `${id}-${name}`;
    const value = initial[name];
    return {
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      initialValue: typeof value === "string" ? value : undefined,
      errors: errors[name],
    };
  };
  const fields = new Proxy({} as Record<keyof z.input<S> & string, FieldState>, { get: (_, name) => field(String(name)) });
  const formErrors = errors[""];
  const form = {
    id,
    errorId: `${id}-error`,
    errors: formErrors,
    /** Each field's value now, from the fields themselves (docs/decisions/0081): never a field's onChange. */
    values,
    props: {
      id,
      ref: formRef,
      noValidate: true,
      "aria-describedby": formErrors ? `${id}-error` : undefined,
      onFocus: load,
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const left: EventTarget = event.target; // the field (focus events bubble to the form)
        const name = (left as HTMLInputElement).name;
        if (!name) return;
        // Leaving a field for this form's submit button: the submit checks every field. Errors shown
        // now (on mousedown) would move the button from under the pointer, and the click would be lost.
        if (pressingSubmit.current || isSubmitOf(event.relatedTarget, event.currentTarget)) return;
        validated.current.add(name);
        show();
      },
      onPointerDown: (event: PointerEvent<HTMLFormElement>) => {
        if (!isSubmitOf(event.target, event.currentTarget)) return;
        pressingSubmit.current = true;
        window.addEventListener("pointerup", () => (pressingSubmit.current = false), { once: true, capture: true });
      },
      onInput: (event: FormEvent<HTMLFormElement>) => {
        const name = (event.target as HTMLInputElement).name;
        const puttingRight = name in standing.current; // the member is answering the server's message
        if (puttingRight) delete standing.current[name];
        if (puttingRight || validated.current.has(name)) show();
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        standing.current = {}; // a new attempt: the server answers it afresh
        if (!schema.current) return setErrors({}); // the server checks it
        const all = check(schema.current, event.currentTarget);
        for (const name of Object.keys(all)) validated.current.add(name);
        setErrors(all);
        if (Object.keys(all).length === 0) return;
        event.preventDefault();
        focusFirstInvalid(event.currentTarget, all);
      },
    },
  };
  return [form, fields] as const;
}

type InputType = "text" | "email" | "password";

/**
 * A labelled input bound to a form field: its errors are announced and linked with
 * aria-describedby, and an optional hint (e.g. username availability) is linked too.
 */
export function FormField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
}: {
  field: FieldState;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: ReactNode;
}) {
  const invalid = Boolean(field.errors?.length);
  const hintId = hint ? field.descriptionId : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        type={type}
        defaultValue={field.initialValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${field.errorId} ${hintId ?? ""}`.trim() : hintId}
        autoComplete={autoComplete}
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
