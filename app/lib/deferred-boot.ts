// The page's JavaScript starts after its first paint. A document from the render memo carries React
// Router's module script as an inert data block (DEFERRED_MODULE_TYPE) and no modulepreload links
// (app/services/deferred-boot.server.ts). Once the browser has painted the page and parsed all of
// it, BOOT_SCRIPT (in the head) makes the block a module script, then puts the links back, four per
// task (each link starts a fetch: ~1 ms of main thread on a slow phone). On a slow link the first
// paint needs only the document (its stylesheet is inline), and the first picture does not share the
// link with ~130 KB of code; the page works before its code anyway (every form posts without
// JavaScript). A hidden tab paints nothing and starts at once; a browser that reports no paint waits
// two frames; none waits over 3 s.

export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

export const BOOT_SCRIPT = `(function(){var d=document,w=window,painted=0,parsed=d.readyState!=="loading",started=0;
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
