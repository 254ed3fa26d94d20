// The cost of drawing one link-preview picture (app/integrations/preview-draw.server.ts), in process:
// per picture, the wall time of a draw, the CPU it costs (all threads: the drawing thread, where satori
// and resvg run, and the site's), and the longest the site's event loop was held meanwhile (a timer's
// worst lateness, 1 ms resolution), for a short quote and the longest allowed quote, author and title
// in Latin, Arabic, Japanese and emoji. `node --import tsx bench/preview.ts [runs]`
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { drawPreview, type PreviewCard } from "../app/integrations/preview-draw.server.ts";
import { POST_LIMITS } from "../app/rules/post-rules.ts";

const runs = Number(process.argv[2] ?? 10);
const fill = (unit: string, max: number) => unit.repeat(Math.ceil(max / unit.length)).slice(0, max);
const longest = (unit: string, siteName = "Chortle"): PreviewCard => ({
  comment: fill(unit, POST_LIMITS.commentMax),
  commentAuthor: fill(unit, POST_LIMITS.authorMax),
  title: fill(unit, POST_LIMITS.titleMax),
  siteName,
});
const cases: Record<string, PreviewCard> = {
  short: { comment: "I came here to learn, I stayed for the elephants.", commentAuthor: "@zoofan", title: "The zoo classic", siteName: "Chortle" },
  "longest latin": longest("The longest comment anyone wrote under a video, "),
  "longest arabic": longest("هذا أطرف تعليق قرأته في حياتي "),
  "longest japanese": longest("猫が箱に入った瞬間、私は笑いが止まらなかった。"),
  "longest emoji": longest("😂🐘👨‍👩‍👧🇯🇵 "),
};

const cpuMs = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

await drawPreview(cases.short); // the thread started, fonts read, wasm compiled: once per thread
console.log(`${runs} draws each, one after another`);
console.log(`| picture | wall ms per draw | CPU ms per draw (all threads) | site's event loop busy ms per draw | longest event-loop lateness ms | PNG KB |`);
console.log(`|---|---|---|---|---|---|`);
for (const [name, card] of Object.entries(cases)) {
  let bytes = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const start = process.cpuUsage();
  const t = performance.now();
  const elu = performance.eventLoopUtilization();
  delay.enable();
  for (let i = 0; i < runs; i++) bytes = (await drawPreview(card)).length;
  delay.disable();
  const wall = (performance.now() - t) / runs;
  const busy = performance.eventLoopUtilization(elu).active / runs;
  console.log(`| ${name} | ${wall.toFixed(0)} | ${(cpuMs(start) / runs).toFixed(0)} | ${busy.toFixed(1)} | ${(delay.max / 1e6).toFixed(1)} | ${(bytes / 1024).toFixed(0)} |`);
}
// The same watch over the same time with nothing drawn: what this machine's scheduling alone costs.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
await new Promise((resolve) => setTimeout(resolve, 1000));
delay.disable();
console.log(`| (nothing drawn, 1 s) | | | | ${(delay.max / 1e6).toFixed(1)} | |`);
process.exit(0);
