// Draws public/site-card.png (1200×630), the link-preview image of pages without a picture of their
// own (home, categories, profiles, a post whose thumbnail cannot be had). Made once and committed:
// `node scripts/site-card.mjs` after changing the design here, then check its size in app/lib/seo.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "site-card.png");
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;display:flex;flex-direction:column;justify-content:center;gap:36px;
  background:#be123c;color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:32px">
    <div style="width:132px;height:132px;border-radius:28px;background:#fff;display:flex;align-items:center;justify-content:center">
      <div style="width:0;height:0;border-top:34px solid transparent;border-bottom:34px solid transparent;border-left:56px solid #e11d48;margin-left:12px"></div>
    </div>
    <div style="font-size:120px;font-weight:bold;letter-spacing:-2px">Chortle</div>
  </div>
  <div style="font-size:52px;line-height:1.25;max-width:960px;opacity:.95">The funniest comments from YouTube, shared and voted on.</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
await page.setContent(html);
await page.screenshot({ path: out, type: "png" });
await browser.close();
console.log(`wrote ${out}`);
