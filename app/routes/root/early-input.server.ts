// What a person types before the page's code arrives (the page paints first and hydrates later, a
// second or more on a slow phone), kept where the code finds it. The DOM alone is not enough: when
// React hydrates a <textarea> whose server text is not empty (a comment being edited, a bio), it
// writes that text back into the box, over what was typed. This runs in <head>, before any module,
// and notes the last value typed into each field with an id that React has not taken over yet (a
// field React renders carries its `__reactFiber…` key; later typing is React's to handle, and a box
// opened again must not get an old text back); components read the note once when they mount
// (components/ui/dom-value.ts). Written into <head> by the server's renderer (head-script.server.ts),
// so it costs the page's script nothing.
export const EARLY_INPUT_SCRIPT =
  "addEventListener('input',function(e){var t=e.target;if(!t||!t.id||!('value'in t)||Object.keys(t).some(function(k){return k.indexOf('__reactFiber')==0}))return;(window.__typed=window.__typed||{})[t.id]=t.value},true)";

// Marks <html data-js> before the first paint: this page's code is on its way. A URL-state dialog
// (?forgot=1, ?confirm=…) then sits where the code's modal will be (app.css), so the showModal() at
// hydration does not move a button from under a finger pressing it. Without JavaScript the mark never
// comes and the dialog stays a section of the page.
export const JS_COMING_SCRIPT = "document.documentElement.setAttribute('data-js','')";
