// Form pieces without Conform or zod (every screen may use them without loading either): the input
// look, error lists and alerts, the submit button and the textarea with a counter.
import { useRef, useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { buttonClass } from "./button.tsx";
import { visibleLength } from "~/lib/text.ts";
import { useDomValue } from "./dom-value.ts";

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
  const [length, setLength] = useState(visibleLength(String(defaultValue)));
  const box = useRef<HTMLTextAreaElement>(null);
  useDomValue(box, (typed) => setLength(visibleLength(typed)));
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const over = length > max;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        defaultValue={defaultValue}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ""}`}
        onInput={(event) => setLength(visibleLength(event.currentTarget.value))}
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
