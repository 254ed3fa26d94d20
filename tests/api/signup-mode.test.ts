// SIGNUP_MODE=closed (docs/product.md §11): the sign-up form and POST /api/register refuse with the
// reason; an admin still creates accounts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

const CLOSED = "Sign-ups are closed on this site: only an admin can create accounts.";
let api: ApiClient;
let n = 0;
const account = () => {
  n++;
  const username = `closed${process.pid % 1000}x${n}`;
  return { username, email: `${username}@example.com`, password: "a-good-password" };
};

beforeAll(async () => {
  api = await startApiServer({ SIGNUP_MODE: "closed" });
});
afterAll(() => api.stop());

describe("SIGNUP_MODE=closed", () => {
  it("POST /api/register answers 403 with the reason and makes no account", async () => {
    const input = account();
    await expectError(await api.fetch("/api/register", { method: "POST", json: input }), 403, CLOSED);
    expect((await (await api.fetch(`/api/check-username/${input.username}`)).json()).available).toBe(true);
  });

  it("the sign-up tab says so instead of the form, and a posted form is refused with the reason", async () => {
    const page = await (await api.fetch("/auth?signup=true")).text();
    expect(page).toContain(CLOSED);
    expect(page).not.toContain('name="intent" value="register"');
    const input = account();
    const res = await api.fetch("/auth", { method: "POST", form: { intent: "register", ...input } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(CLOSED);
    expect((await (await api.fetch(`/api/check-username/${input.username}`)).json()).available).toBe(true);
  });

  it("an admin still creates accounts", async () => {
    const admin = await api.user({ isAdmin: true });
    const input = account();
    const res = await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { ...input, isAdmin: false } });
    expect(res.status).toBe(201);
    expect((await (await api.fetch(`/api/check-username/${input.username}`)).json()).available).toBe(false);
  });
});
