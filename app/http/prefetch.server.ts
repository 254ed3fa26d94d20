/** Whether the browser asks ahead of a navigation (Sec-Purpose / Purpose: prefetch), not because someone opened the page. */
export function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
}
