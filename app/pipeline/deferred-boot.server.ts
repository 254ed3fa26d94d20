// The page's JavaScript starts after its first paint. A document from the render memo carries React
// Router's module script as an inert data block (DEFERRED_MODULE_TYPE) that names the modules to
// preload, and none of the modulepreload links React hoisted into the head: deferModuleScript turns
// the rendered HTML into that, and puts BOOT_SCRIPT at the end of the head (here, so its text is not
// in the browser's bundle). Once the browser has painted the page and parsed all of it, the boot
// script makes the block a module script, then puts the links back, four per task (each link starts a
// fetch: ~1 ms of main thread on a slow phone). On a slow link the first paint needs only the document
// and the stylesheet (a file the browser keeps after the first page), and the first picture does not
// share the link with ~120 KB of code; the page works before its code anyway (every form posts without JavaScript). A hidden tab paints nothing
// and starts at once; a browser that reports no paint waits two frames; none waits over 3 s.
// Hydration is unaffected: React matches an inline <script> by its tag alone, hydrates past tags it
// did not render at the end of <head>, and adopts or re-creates hoisted links on its own.

const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

const BOOT_SCRIPT = `(function(){var d=document,w=window,painted=0,parsed=d.readyState!=="loading",started=0;
function go(){if(started||!painted||!parsed)return;started=1;var s=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;
var m=d.createElement("script");m.type="module";if(s.nonce)m.setAttribute("nonce",s.nonce);m.textContent=s.textContent;d.head.appendChild(m);
var hs=(s.getAttribute("data-preload")||"").split(" ").filter(Boolean);
function next(){hs.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});if(hs.length)setTimeout(next,0)}
setTimeout(next,0)}
function paint(){if(!painted){painted=1;setTimeout(go,0)}}
if(!parsed)d.addEventListener("DOMContentLoaded",function(){parsed=1;go()});
if(d.visibilityState!=="visible")paint();
d.addEventListener("visibilitychange",function(){if(d.visibilityState!=="visible")paint()});
var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();paint()}}).observe({type:"paint",buffered:true})}
else requestAnimationFrame(function(){requestAnimationFrame(paint)});
setTimeout(paint,3000)})()`;

// React's serialisation of <Scripts>' output (react-router's Scripts, React 19's renderer). Should an
// upgrade change it, tests/api/document-head.test.ts fails, and a server running such a build says
// so once (the page then loads its code at once, as React Router alone would).
const MODULE_SCRIPT = '<script type="module" async="">';
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

let warned = false;
let bodyChecked = false;
function warnOnce(what: string) {
  if (warned) return;
  warned = true;
  console.warn(`deferred boot: ${what}: React's HTML has changed shape (app/pipeline/deferred-boot.server.ts).`);
}

/**
 * The document with its module script deferred and the boot script in its head; unchanged when it has
 * no module script. Only the head is scanned by pattern (React hoists the modulepreload links there);
 * the body is passed over (lastIndexOf finds the script at its end) and copied once.
 */
export function deferModuleScript(html: string): string {
  // <Scripts> ends the body: searched from the end.
  const at = html.lastIndexOf(MODULE_SCRIPT);
  if (at < 0) {
    warnOnce(`no ${MODULE_SCRIPT} in a document, its JavaScript is not deferred`);
    return html;
  }
  // Without the boot script in the head nothing would start the block: left as it is.
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0 || headEnd > at) {
    warnOnce("no </head> before the module script, its JavaScript is not deferred");
    return html;
  }
  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const rest = head.replace(MODULE_PRELOAD, "");
  if (/<link\b[^>]*\brel="modulepreload"/.test(rest)) warnOnce("modulepreload links left in the page");
  // A link React left in the body would be a change of its shape, the same in every document: the
  // body (most of the page) is searched in the first document only.
  if (!bodyChecked) {
    bodyChecked = true;
    const stray = html.indexOf('rel="modulepreload"', headEnd);
    if (stray >= 0 && stray < at) warnOnce("modulepreload links left in the page");
  }
  return `${rest}<script>${BOOT_SCRIPT}</script>${html.slice(headEnd, at)}<script type="${DEFERRED_MODULE_TYPE}" data-preload="${preloads.join(" ")}">${html.slice(at + MODULE_SCRIPT.length)}`;
}
