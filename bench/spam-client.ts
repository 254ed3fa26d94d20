// The HTTP side of bench/spam.ts: calls as from an address behind the trusted proxy (X-Forwarded-For),
// the sign-up form as a person or a bot fills it, and a pool that keeps a few calls in flight.
import type { RunningServer } from "../tests/support/server.ts";
import { DRAWN_FIELD, HONEYPOT_FIELD } from "../app/rules/form-guard.ts";

const CONCURRENCY = 6;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `tasks` with at most `n` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], n = CONCURRENCY): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

export function client(server: RunningServer) {
  const call = async (p: string, { method = "GET", ip, cookie, json, form }: { method?: string; ip?: string; cookie?: string; json?: unknown; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = {};
    if (ip) headers["X-Forwarded-For"] = ip;
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(json);
    }
    if (form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(`${server.url}${p}`, { method, headers, body, redirect: "manual" });
    return res;
  };
  const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))?.split(";")[0] ?? null;
  return { call, sessionOf };
}

/** Draws the sign-up form, waits `waitMs`, sends it (with the honeypot filled when `greedy`). */
export async function formSignUp(
  call: ReturnType<typeof client>["call"],
  sessionOf: ReturnType<typeof client>["sessionOf"],
  username: string,
  ip: string,
  waitMs: number,
  greedy = false,
): Promise<{ cookie: string | null; status: number }> {
  const page = await (await call("/auth?signup=true", { ip })).text();
  const drawn = new RegExp(`name="${DRAWN_FIELD}" value="([^"]+)"`).exec(page)?.[1] ?? "";
  if (waitMs) await sleep(waitMs);
  const res = await call("/auth", {
    method: "POST",
    ip,
    form: { intent: "register", redirectTo: "/", username, email: `${username}@example.com`, password: "a-bot-password", [DRAWN_FIELD]: drawn, [HONEYPOT_FIELD]: greedy ? "http://bot.example" : "" },
  });
  await res.arrayBuffer();
  return { cookie: res.status === 303 ? sessionOf(res) : null, status: res.status };
}

