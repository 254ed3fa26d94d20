import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createNonce, hashPolicy, noncePolicy } from "./csp.server.ts";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("the document CSP", () => {
  it("names a stored page's inline scripts by hash, not its external ones, and allows no unsafe script", () => {
    const html = `<head><script>var a=1</script><script src="/assets/x.js"></script></head>
      <body><script type="module">import("/assets/entry.js")</script><script nonce="">var a=1</script></body>`;
    const policy = hashPolicy(html);
    const scriptSrc = policy.match(/script-src[^;]*/)![0];
    expect(scriptSrc).toBe(`script-src 'self' ${sha("var a=1")} ${sha('import("/assets/entry.js")')}`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("gives each streamed response its own nonce", () => {
    const [a, b] = [createNonce(), createNonce()];
    expect(a).not.toBe(b);
    expect(noncePolicy(a)).toContain(`script-src 'self' 'nonce-${a}'`);
    expect(noncePolicy(a)).not.toContain("unsafe-inline' 'nonce");
  });

  it("allows our own stylesheet file and no inline style", () => {
    for (const policy of [hashPolicy("<p></p>"), noncePolicy(createNonce())]) {
      expect(policy.match(/style-src[^;]*/)![0]).toBe("style-src 'self'");
      expect(policy).not.toContain("unsafe");
    }
  });

  it("frames YouTube's privacy-enhanced player and nothing else", () => {
    for (const policy of [hashPolicy("<p></p>"), noncePolicy(createNonce())]) {
      const frames = policy.split("; ").filter((directive) => /^(frame|child)-src /.test(directive));
      expect(frames).toEqual(["frame-src https://www.youtube-nocookie.com"]);
    }
  });
});
