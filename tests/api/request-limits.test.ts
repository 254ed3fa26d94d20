// What anyone can send before signing in costs little: a form body past the form limits is refused
// on its raw bytes (413) before anything parses it, and a POST to a page without an action (405) is
// one line in the log, not a stack trace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS, formBodyRefusal } from "../../server/guard.js";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const post = (path: string, body: string, contentType: string) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": contentType }, body, redirect: "manual" });

describe("form limits, before parsing", () => {
  it("refuses a form of 100,000 fields with 413, and one of a few fields goes through", async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `f${i}=1`).join("&");
    const res = await post("/post/1/vote", many, "application/x-www-form-urlencoded");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The form is too large." });
    const justOver = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&");
    const over = await post("/post/1/vote", justOver, "application/x-www-form-urlencoded");
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ message: "The form has too many fields." });
    // An ordinary form reaches the app (a visitor's vote: sent to sign in).
    const ordinary = await post("/post/1/vote", "direction=up", "application/x-www-form-urlencoded");
    expect(ordinary.status).toBe(303);
  });

  it("counts multipart fields by their boundary", () => {
    const part = (name: string) => `--b0\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`;
    const body = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => part(`f${i}`)).join("") + "--b0--\r\n");
    expect(formBodyRefusal("multipart/form-data; boundary=b0", body(3))).toBeNull();
    expect(formBodyRefusal("multipart/form-data; boundary=b0", body(MAX_FORM_FIELDS + 1))).toBe("The form has too many fields.");
    expect(formBodyRefusal("multipart/form-data", body(1))).toBe("A multipart form needs its boundary.");
    expect(formBodyRefusal("application/json", Buffer.from("{}"))).toBeNull();
  });
});

describe("a POST to a page without an action", () => {
  it("is 405 and one line in the log, no stack", async () => {
    const before = server.logs().length;
    const res = await post("/search", "q=1", "application/x-www-form-urlencoded");
    expect(res.status).toBe(405);
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logged = server.logs().slice(before);
    expect(logged).toContain('405 POST /search: Method Not Allowed');
    expect(logged).not.toMatch(/\n\s+at /);
  });
});
