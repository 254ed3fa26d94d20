/** The colour themes: the system's setting (prefers-color-scheme), or one chosen with the switch. */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);
