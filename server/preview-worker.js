// The thread that draws link-preview pictures (app/integrations/preview-draw.server.ts sends it the
// card's layout tree; docs/decisions/0180): satori lays it out (JavaScript, here, not on the site's
// event loop), resvg rasterises it, and the PNG bytes go back. Plain JavaScript run by Node as it is
// (not bundled), like server.js. Fonts are read once per thread from the folder it is given.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";

const { fontsDir, fontFiles, width, height } = workerData;
const fonts = fontFiles.map(({ file, name, weight }) => ({ name, weight, style: "normal", data: fs.readFileSync(path.join(fontsDir, file)) }));
const emojiDir = path.dirname(createRequire(import.meta.url).resolve("@twemoji/svg/package.json"));

// Twemoji's file of an emoji: its code points in hex joined by "-", U+FE0F left out unless the
// sequence is joined by U+200D (as Twemoji names them); else the name without any U+FE0F.
function emojiFiles(emoji) {
  const points = [...emoji].map((c) => c.codePointAt(0).toString(16));
  const plain = points.filter((p) => p !== "fe0f");
  return [...new Set([(points.includes("200d") ? points : plain).join("-"), plain.join("-")])].map((name) => path.join(emojiDir, `${name}.svg`));
}

// satori asks for what its fonts lack: an emoji is drawn as its picture; other scripts have none.
async function loadAdditionalAsset(code, segment) {
  if (code !== "emoji") return [];
  for (const file of emojiFiles(segment)) {
    try {
      return `data:image/svg+xml;base64,${(await fs.promises.readFile(file)).toString("base64")}`;
    } catch {
      // the next name, or no picture
    }
  }
  return [];
}

parentPort.on("message", async ({ id, tree, as }) => {
  try {
    const svg = await satori(tree, { width, height, fonts, loadAdditionalAsset });
    if (as === "svg") return parentPort.postMessage({ id, svg });
    const png = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
