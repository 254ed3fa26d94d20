import { Form } from "react-router";
import { THEME_LABELS, THEMES, type Theme } from "~/lib/theme.ts";

/** The theme switch: a plain form (POST /theme sets a cookie, 303 back), so it needs no JavaScript. */
export function ThemeSwitch({ theme }: { theme: Theme }) {
  return (
    <Form method="post" action="/theme" className="flex flex-wrap items-center gap-2 text-sm" aria-label="Theme">
      <span id="theme-switch-label" className="text-slate-600">
        Theme
      </span>
      <span role="group" aria-labelledby="theme-switch-label" className="flex gap-1">
        {THEMES.map((name) => (
          <button
            key={name}
            type="submit"
            name="theme"
            value={name}
            aria-pressed={theme === name}
            className="min-h-11 min-w-11 rounded-full border transition-colors border-slate-300 px-3 text-slate-800 hover:bg-slate-100 aria-pressed:border-brand aria-pressed:font-semibold"
          >
            {THEME_LABELS[name]}
          </button>
        ))}
      </span>
    </Form>
  );
}
