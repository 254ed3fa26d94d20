import type { z } from "zod";

/** SPEC §7: every API call disables caching. */
export const noStore = { "Cache-Control": "no-store" } as const;

export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ message }, { status, headers: { ...noStore, ...Object.fromEntries(new Headers(headers)) } });
}

/** Reads a JSON body (at most 64 KB), answering 400 with a message for anything else. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > 64 * 1024) throw jsonError("Request body is too large.", 413);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError("Request body must be valid JSON.", 400);
  }
}

/** Parses a JSON body with a schema; a failure is a 400 carrying the first message. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const result = schema.safeParse(await readJson(request));
  if (!result.success) throw jsonError(result.error.issues[0]?.message ?? "Invalid request.", 400);
  return result.data;
}
