import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { verifiedToken } from "./session-cookie.server.ts";

const SECRET = "a-session-secret-of-some-length";
const cookieValue = async (value: string, secret = SECRET) =>
  (await createCookie("chortle_session", { secrets: [secret] }).serialize(value)).split(";")[0].split("=").slice(1).join("=");

describe("the session cookie's check", () => {
  it("reads the token from a cookie React Router's createCookie signed, as React Router does", async () => {
    const token = "Qk3x_9-abcDEF0123456789abcdefghijklmnopqrstu";
    const raw = await cookieValue(token);
    expect(verifiedToken(raw, SECRET)).toBe(token);
    const parsed = await createCookie("chortle_session", { secrets: [SECRET] }).parse(`chortle_session=${raw}`);
    expect(parsed).toBe(token);
  });

  it("refuses another secret's signature, a changed value or signature, and values that are no cookie of ours", async () => {
    const raw = decodeURIComponent(await cookieValue("token-one"));
    const dot = raw.lastIndexOf(".");
    const otherValue = decodeURIComponent(await cookieValue("token-two"));
    expect(verifiedToken(await cookieValue("token-one", "another-secret-of-some-length"), SECRET)).toBeNull();
    expect(verifiedToken(`${otherValue.slice(0, otherValue.lastIndexOf("."))}${raw.slice(dot)}`, SECRET)).toBeNull();
    expect(verifiedToken(`${raw.slice(0, -2)}${raw.endsWith("AA") ? "BB" : "AA"}`, SECRET)).toBeNull();
    for (const bad of ["", "nodot", ".onlymac", "%E0%A4%A", `${raw}.`, raw.slice(0, dot)]) expect(verifiedToken(bad, SECRET)).toBeNull();
  });

  it("refuses a signed value that is not a token (an empty string, a number)", async () => {
    const sign = createCookie("chortle_session", { secrets: [SECRET] });
    for (const value of ["", 42, { id: 1 }]) {
      const raw = (await sign.serialize(value as string)).split(";")[0].split("=").slice(1).join("=");
      expect(verifiedToken(raw, SECRET)).toBeNull();
    }
  });
});
