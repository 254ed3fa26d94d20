// server/guard.js on its own: who the client is and which origin a request has, with and without a
// trusted proxy (TRUST_PROXY as Express read it: a hop count, or addresses and named ranges).
import { describe, expect, it } from "vitest";
import { createGuard, defaultHost, parseTrustProxy } from "../../server/guard.js";

type FakeRequest = { method: string; headers: Record<string, string>; socket: { remoteAddress: string; encrypted?: boolean } };

function request(remoteAddress: string, headers: Record<string, string> = {}, method = "GET"): FakeRequest {
  return { method, headers: { host: "app.internal:3000", ...headers }, socket: { remoteAddress } };
}

const forwarded = {
  "x-forwarded-for": "203.0.113.9, 10.0.0.2",
  "x-forwarded-proto": "https, http",
  "x-forwarded-host": "chortle.example, app.internal",
};

describe("TRUST_PROXY", () => {
  it("without it: the socket's address and the Host header, whatever the request claims", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: undefined });
    const req = request("127.0.0.1", forwarded);
    expect(guard.clientAddress(req as never)).toBe("127.0.0.1");
    expect(guard.origin(req as never)).toBe("http://app.internal:3000");
  });

  it("listens on loopback only when the one proxy trusted is on this box, else on every address", () => {
    for (const local of ["loopback", "127.0.0.1", "loopback, ::1", "127.0.0.0/8"]) expect(defaultHost(local)).toBe("127.0.0.1");
    for (const other of [undefined, "", "1", "10.0.0.2", "loopback,10.0.0.0/8", "uniquelocal"]) expect(defaultHost(other)).toBe("0.0.0.0");
  });

  it("'0' trusts no hop, like Express", () => {
    const guard = createGuard({ trustProxy: "0", publicUrl: undefined });
    const req = request("127.0.0.1", forwarded);
    expect(guard.clientAddress(req as never)).toBe("127.0.0.1");
    expect(guard.origin(req as never)).toBe("http://app.internal:3000");
    expect(parseTrustProxy("0").enabled).toBe(false);
  });

  it("a hop count takes that many addresses from the right of X-Forwarded-For", () => {
    const one = createGuard({ trustProxy: "1", publicUrl: undefined });
    expect(one.clientAddress(request("127.0.0.1", forwarded) as never)).toBe("10.0.0.2");
    const two = createGuard({ trustProxy: "2", publicUrl: undefined });
    expect(two.clientAddress(request("127.0.0.1", forwarded) as never)).toBe("203.0.113.9");
    // The first forwarded protocol is the client's; the host is always the Host header's (decision 0076).
    expect(one.origin(request("127.0.0.1", forwarded) as never)).toBe("https://app.internal:3000");
  });

  it("named ranges and addresses trust only those proxies", () => {
    const guard = createGuard({ trustProxy: "loopback, 10.0.0.0/8", publicUrl: undefined });
    // 127.0.0.1 and 10.0.0.2 are trusted: the client is the next one out.
    expect(guard.clientAddress(request("127.0.0.1", forwarded) as never)).toBe("203.0.113.9");
    expect(guard.origin(request("127.0.0.1", forwarded) as never)).toBe("https://app.internal:3000");
    // A request straight from an untrusted address: its headers are not believed.
    expect(guard.clientAddress(request("198.51.100.7", forwarded) as never)).toBe("198.51.100.7");
    expect(guard.origin(request("198.51.100.7", forwarded) as never)).toBe("http://app.internal:3000");
  });

  it("keeps a hostile Host header from changing the URL's meaning", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: undefined });
    expect(guard.origin(request("127.0.0.1", { host: "evil.example@app.internal" }) as never)).toBe("http://evil.example");
    expect(guard.origin(request("127.0.0.1", { host: "a/b?c" }) as never)).toBe("http://a");
    expect(guard.origin({ method: "GET", headers: {}, socket: { remoteAddress: "127.0.0.1" } } as never)).toBe("http://localhost");
    expect(guard.origin(request("127.0.0.1", { host: "[::1]:8080" }) as never)).toBe("http://[::1]:8080");
  });
});

describe("PUBLIC_URL: the site answers only to its own name", () => {
  type Res = { statusCode: number; body: string; setHeader: () => void; end: (body: string) => void };
  const response = (): Res => {
    const res: Res = { statusCode: 0, body: "", setHeader: () => undefined, end: (body) => void (res.body = body) };
    return res;
  };
  const refused = (guard: ReturnType<typeof createGuard>, req: FakeRequest) => {
    const res = response();
    return guard.refuse(req as never, res as never) ? res.statusCode : null;
  };

  it("another Host (a DNS-rebinding page) gets 421; its own name and loopback names pass", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: "https://chortle.example" });
    expect(refused(guard, request("203.0.113.9", { host: "evil.example" }))).toBe(421);
    expect(refused(guard, request("203.0.113.9", { host: "evil.example" }, "POST"))).toBe(421);
    expect(refused(guard, request("203.0.113.9", { host: "chortle.example.evil.example" }))).toBe(421);
    expect(refused(guard, request("203.0.113.9", { host: "chortle.example" }))).toBeNull();
    expect(refused(guard, request("203.0.113.9", { host: "Chortle.Example" }))).toBeNull();
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "localhost"]) {
      expect(refused(guard, request("127.0.0.1", { host })), host).toBeNull();
    }
  });

  it("behind a trusted proxy the Host it passes on is the one checked; X-Forwarded-Host is never believed (decision 0076)", () => {
    const guard = createGuard({ trustProxy: "loopback", publicUrl: "https://chortle.example" });
    expect(refused(guard, request("127.0.0.1", { host: "chortle.example", "x-forwarded-host": "evil.example" }))).toBeNull();
    expect(refused(guard, request("127.0.0.1", { host: "evil.example", "x-forwarded-host": "chortle.example" }))).toBe(421);
    expect(refused(guard, request("198.51.100.7", { host: "evil.example", "x-forwarded-host": "chortle.example" }))).toBe(421);
  });

  it("without PUBLIC_URL any Host is answered (a LAN install reached by its address)", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: undefined });
    expect(refused(guard, request("192.0.2.1", { host: "192.168.1.20:3000" }))).toBeNull();
  });
});

describe("a host the guard cannot take for its own is refused", () => {
  type Res = { statusCode: number; body: string; setHeader: () => void; end: (body: string) => void };
  const refused = (guard: ReturnType<typeof createGuard>, req: FakeRequest) => {
    const res: Res = { statusCode: 0, body: "", setHeader: () => undefined, end: (body) => void (res.body = body) };
    return guard.refuse(req as never, res as never) ? res.statusCode : null;
  };

  it("with PUBLIC_URL, a name with a trailing dot or anything it cannot parse gets 421 or 400, never the site", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: "https://chortle.example" });
    // Another name, however it is spelt: 421 (a trailing dot is another origin to a browser).
    for (const host of ["evil.example.:4102", "evil.example.", "chortle.example.", "localhost.:3000", "evil_example:80"]) {
      expect(refused(guard, request("203.0.113.9", { host })), host).toBe(421);
    }
    // Not a host at all: 400 (RFC 9112 §3.2), with or without PUBLIC_URL.
    const open = createGuard({ trustProxy: undefined, publicUrl: undefined });
    for (const host of ["evil.example@chortle.example", "a/b?c", "chortle.example:99999", "chortle.example:", "[::1", "ev il", ":80"]) {
      expect(refused(guard, request("203.0.113.9", { host })), host).toBe(400);
      expect(refused(open, request("203.0.113.9", { host })), host).toBe(400);
    }
    // Behind a trusted proxy the Host it passes on is held to the same rules.
    const proxied = createGuard({ trustProxy: "loopback", publicUrl: "https://chortle.example" });
    expect(refused(proxied, request("127.0.0.1", { host: "evil.example.", "x-forwarded-host": "chortle.example" }))).toBe(421);
    expect(refused(proxied, request("127.0.0.1", { host: "a/b", "x-forwarded-host": "chortle.example" }))).toBe(400);
    // Its own name with its port, and ordinary hosts without PUBLIC_URL, still pass.
    expect(refused(guard, request("203.0.113.9", { host: "chortle.example" }))).toBeNull();
    for (const host of ["192.168.1.20:3000", "chortle.example.:3000", "[fe80::1]:8080", "xn--bcher-kva.example"]) {
      expect(refused(open, request("192.0.2.1", { host })), host).toBeNull();
    }
  });
});

describe("a cross-site write is told by the whole origin, scheme included", () => {
  type Res = { statusCode: number; body: string; setHeader: () => void; end: (body: string) => void };
  const status = (guard: ReturnType<typeof createGuard>, req: FakeRequest) => {
    const res: Res = { statusCode: 0, body: "", setHeader: () => undefined, end: (body) => void (res.body = body) };
    return guard.refuse(req as never, res as never) ? res.statusCode : null;
  };
  const post = (origin: string, headers: Record<string, string> = {}, remote = "203.0.113.9", encrypted = false) => ({
    ...request(remote, { host: "chortle.example", origin, ...headers }, "POST"),
    socket: { remoteAddress: remote, encrypted },
  });

  it("http://site and https://site are two sites", () => {
    const plain = createGuard({ trustProxy: undefined, publicUrl: undefined });
    expect(status(plain, post("http://chortle.example"))).toBeNull();
    expect(status(plain, post("https://chortle.example"))).toBe(403);
    // Over TLS the other way round.
    expect(status(plain, post("https://chortle.example", {}, "203.0.113.9", true))).toBeNull();
    expect(status(plain, post("http://chortle.example", {}, "203.0.113.9", true))).toBe(403);
    // A default port written out is the same origin.
    expect(status(plain, post("https://chortle.example", { host: "chortle.example:443" }, "203.0.113.9", true))).toBeNull();
  });

  it("behind a trusted proxy the forwarded scheme counts; an untrusted one is not believed", () => {
    const guard = createGuard({ trustProxy: "loopback", publicUrl: undefined });
    const viaProxy = { "x-forwarded-proto": "https", "x-forwarded-host": "chortle.example" };
    expect(status(guard, post("https://chortle.example", viaProxy, "127.0.0.1"))).toBeNull();
    expect(status(guard, post("http://chortle.example", viaProxy, "127.0.0.1"))).toBe(403);
    expect(status(guard, post("https://chortle.example", viaProxy, "198.51.100.7"))).toBe(403);
  });

  it("with PUBLIC_URL the site's origin is PUBLIC_URL's, scheme and all", () => {
    const guard = createGuard({ trustProxy: undefined, publicUrl: "https://chortle.example" });
    // A TLS proxy that is not trusted: the request arrives as http, yet only https://chortle.example is ours.
    expect(status(guard, post("https://chortle.example"))).toBeNull();
    expect(status(guard, post("http://chortle.example"))).toBe(403);
    // Reached on a loopback name (a proxy that passes 127.0.0.1 on, a health check): that origin too.
    expect(status(guard, post("http://127.0.0.1:3000", { host: "127.0.0.1:3000" }, "127.0.0.1"))).toBeNull();
    expect(status(guard, post("https://chortle.example", { host: "127.0.0.1:3000" }, "127.0.0.1"))).toBeNull();
    expect(status(guard, post("https://127.0.0.1:3000", { host: "127.0.0.1:3000" }, "127.0.0.1"))).toBe(403);
  });
});
