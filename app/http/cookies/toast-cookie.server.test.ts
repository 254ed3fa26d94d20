import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { getEnv } from "../../integrations/env.server.ts";
import { getToast, redirectWithToast, toastHeader } from "./toast-cookie.server.ts";

const request = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });

describe("the flash toast cookie", () => {
  it("round-trips, is cleared once read, and is what React Router's signed cookie reads", async () => {
    const toast = { type: "success" as const, title: "Upvoted", description: "Ünïcödé ✓" };
    const header = await toastHeader(toast);
    expect(header).toMatch(/^chortle_toast=[^;]+; Max-Age=60; Path=\/; HttpOnly(; Secure)?; SameSite=Lax$/);
    const pair = header.split(";")[0];
    const read = await getToast(request(`a=b; ${pair}`));
    expect(read.toast).toEqual(toast);
    expect(read.headers?.get("Set-Cookie")).toMatch(/^chortle_toast=; Max-Age=0;/);

    // The same format as createCookie(…).parse with the same secret.
    const reference = createCookie("chortle_toast", { secrets: [getEnv().SESSION_SECRET] });
    const value = (await reference.parse(pair)) as string;
    expect(JSON.parse(Buffer.from(value, "base64url").toString("utf8"))).toEqual(toast);
    const theirs = (await reference.serialize(value)).split(";")[0];
    expect((await getToast(request(theirs))).toast).toEqual(toast);
  });

  it("ignores a tampered or missing toast", async () => {
    const pair = (await toastHeader({ type: "error", title: "Nope" })).split(";")[0];
    const forged = pair.replace(/.(?=[^.]*$)/, "").concat("A");
    expect((await getToast(request(forged))).toast).toBeNull();
    expect(await getToast(request("other=1"))).toEqual({ toast: null, headers: null });
  });

  it("rides on a 303", async () => {
    const res = await redirectWithToast("/post/1#post-1", { type: "success", title: "Saved" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/post/1#post-1");
    expect(res.headers.get("Set-Cookie")).toMatch(/^chortle_toast=/);
  });
});
