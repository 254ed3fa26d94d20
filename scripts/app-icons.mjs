// Draws the installed app's icons (public/icons/*.png, public/apple-touch-icon.png) from the site's own
// mark: the laughing face of LogoIcon (app/components/icons.tsx) in white on the brand rose (#e11d48,
// app/app.css), as the header and the favicon show it. Made once and committed: `node scripts/app-icons.mjs`
// after changing the mark; public/manifest.webmanifest names the files.
// - "any": the rounded square of the header, transparent corners (192 and 512);
// - "maskable": the rose to every edge, the face inside the middle 60 % (the launcher cuts a circle or
//   a squircle from it; its safe zone is the central circle of 80 %);
// - apple-touch-icon (180): the rose to every edge (iOS rounds the corners itself, and would fill
//   transparent corners with black).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const BRAND = "#e11d48";
// LogoIcon's drawing, stroke width 2 on a 24-unit grid.
const FACE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
  <circle cx="12" cy="12" r="9.5"/><path d="M7.5 9.5q1-1.5 2 0M14.5 9.5q1-1.5 2 0"/><path d="M7 13h10a5 5 0 0 1-10 0z" fill="#fff"/></svg>`;

/** `size` px square; the face takes `face` of it; `radius` rounds the rose square (0: to the edges). */
const html = (size, face, radius) => `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${size}px;height:${size}px;border-radius:${radius * size}px;background:${BRAND};display:flex;align-items:center;justify-content:center">
  <div style="width:${face * size}px;height:${face * size}px">${FACE.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
</div></body></html>`;

const ICONS = [
  // The header's square: h-8 rounded-lg (8 of 32 px) with the face at h-6 (24 of 32).
  { file: "icons/icon-192.png", size: 192, face: 0.75, radius: 0.25 },
  { file: "icons/icon-512.png", size: 512, face: 0.75, radius: 0.25 },
  { file: "icons/maskable-192.png", size: 192, face: 0.6, radius: 0 },
  { file: "icons/maskable-512.png", size: 512, face: 0.6, radius: 0 },
  { file: "apple-touch-icon.png", size: 180, face: 0.7, radius: 0 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
for (const { file, size, face, radius } of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(html(size, face, radius));
  await page.screenshot({ path: path.join(publicDir, file), type: "png", omitBackground: true });
  await page.close();
  console.log(`wrote public/${file}`);
}
await browser.close();
