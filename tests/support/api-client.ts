// HTTP tests' side door: users, sessions and posts made through the models on the running server's
// database file, and requests signed in with a real session cookie.
import crypto from "node:crypto";
import { createCookie } from "react-router";
import { getDb } from "#db/client.server.ts";
import { createSession } from "~/models/session.server.ts";
import { startServer, type RunningServer } from "./server.ts";
import { makePost, makeUser } from "./unit-factories.ts";
import type { Lane } from "./worker-lanes.ts";

export type ApiUser = { id: number; username: string; cookie: string };

export type Call = {
  method?: string;
  user?: ApiUser | null;
  json?: unknown;
  body?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent on this connection to a known worker (tests/support/worker-lanes.ts) instead of any. */
  lane?: Lane;
};

export async function startApiServer(env: Record<string, string> = {}) {
  const secret = crypto.randomBytes(24).toString("hex");
  // The server works on this worker's own database file (tests/setup-db.ts), so the test makes its
  // data through the same models the server uses.
  const server = await startServer({ SESSION_SECRET: secret, DATABASE_PATH: process.env.DATABASE_PATH!, ...env });
  return new ApiClient(server, secret);
}

export class ApiClient {
  readonly db;
  private readonly cookie;
  private n = 0;

  constructor(
    readonly server: RunningServer,
    secret: string,
  ) {
    this.db = getDb();
    this.cookie = createCookie("chortle_session", { secrets: [secret] });
  }

  get url() {
    return this.server.url;
  }

  async user({ isAdmin = false }: { isAdmin?: boolean } = {}): Promise<ApiUser> {
    const username = `api${process.pid % 1000}x${++this.n}${crypto.randomBytes(2).toString("hex")}`.slice(0, 20);
    const row = makeUser({ username, isAdmin });
    return this.signIn(row);
  }

  /** A new session of an existing account (the shared demo account …). */
  async signIn(row: { id: number; username: string }): Promise<ApiUser> {
    const { token } = createSession({ userId: row.id });
    const header = await this.cookie.serialize(token);
    return { id: row.id, username: row.username, cookie: header.split(";")[0] };
  }

  post(userId: number, fields: Parameters<typeof makePost>[0] extends infer T ? Partial<T> : never = {}) {
    return makePost({ title: "An API test post", comment: "A comment worth sharing", commentAuthor: "@someone", ...fields, userId });
  }

  fetch(path: string, { method = "GET", user, json, body, form, headers = {}, lane }: Call = {}): Promise<Response> {
    const h: Record<string, string> = { ...headers };
    if (user) h.Cookie = user.cookie;
    let payload: string | undefined = body;
    if (json !== undefined) {
      h["Content-Type"] = "application/json";
      payload = JSON.stringify(json);
    }
    if (form) {
      h["Content-Type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(form).toString();
    }
    if (lane) return lane.send(path, { method, headers: h, body: payload });
    return fetch(`${this.url}${path}`, { method, headers: h, body: payload, redirect: "manual" });
  }

  async stop() {
    await this.server.stop();
  }
}

/** The flash toast a response sets, or null (read without checking the cookie's signature). */
export async function readToast(res: Response): Promise<{ type: string; title: string; description?: string } | null> {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("chortle_toast="));
  if (!header) return null;
  // A signed React Router cookie: base64(JSON(value)) + "." + signature.
  const signed = decodeURIComponent(header.split(";")[0].slice("chortle_toast=".length));
  if (!signed) return null;
  const raw = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
  return raw ? JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) : null;
}
