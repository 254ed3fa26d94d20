// Values shared between requests (the models' in-memory caches hand the same objects to every
// request) are frozen all the way down, so no request can change one for everyone.
const frozen = new WeakSet<object>();

/** Freezes `value` and everything in it (plain data: objects, arrays, strings, numbers …); returns it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !frozen.has(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
    frozen.add(value);
  }
  return value;
}
