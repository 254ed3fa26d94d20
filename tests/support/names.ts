let counter = 0;

/** A unique, valid username (3–20 chars) for a test. */
export function uniqueName(prefix = "u"): string {
  counter++;
  return `${prefix}${Date.now().toString(36).slice(-5)}${process.pid % 100}${counter}`.slice(0, 20);
}
