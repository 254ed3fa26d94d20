import { createCookie, redirect } from "react-router";
import { ToastSchema, type Toast } from "~/lib/toast.ts";
import { getEnv } from "./env.server.ts";

let cookie: ReturnType<typeof createCookie> | undefined;
/** Signed (a toast only ever says what our own actions said) and Secure on https sites. */
function toastCookieFor() {
  const env = getEnv();
  cookie ??= createCookie("chortle_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
  });
  return cookie;
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookieFor().serialize(Buffer.from(JSON.stringify(ToastSchema.parse(toast))).toString("base64url"));
}

/** A 303 redirect that carries a flash toast (and any extra Set-Cookie headers). */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: 303, headers });
}

/** Reads the flash toast and returns the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const raw = await toastCookieFor().parse(request.headers.get("Cookie"));
  if (typeof raw !== "string" || !raw) return { toast: null, headers: null };
  let toast: Toast | null = null;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  const headers = new Headers({ "Set-Cookie": await toastCookieFor().serialize("", { maxAge: 0 }) });
  return { toast, headers };
}
