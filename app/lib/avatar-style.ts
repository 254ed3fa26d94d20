const COLOURS = [
  "bg-rose-600",
  "bg-orange-700",
  "bg-amber-700",
  "bg-emerald-700",
  "bg-teal-700",
  "bg-sky-700",
  "bg-indigo-600",
  "bg-fuchsia-700",
] as const;

/** One of 8 colours, chosen by a stable hash of the name (docs/product.md §9). */
export function avatarColour(name: string): (typeof COLOURS)[number] {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
  return COLOURS[Math.abs(h) % COLOURS.length];
}

export function avatarLetter(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}
