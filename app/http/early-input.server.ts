// What a person types before the page's code arrives (the page paints first and hydrates later, a
// second or more on a slow phone), kept where the code finds it. The DOM alone is not enough: when
// React hydrates a <textarea> whose server text is not empty (a comment being edited, a bio), it
// writes that text back into the box, over what was typed. This runs in <head>, before any module,
// and notes the last value typed into each field with an id that React has not taken over yet (a
// field React renders carries its `__reactFiber…` key; later typing is React's to handle, and a box
// opened again must not get an old text back); components read the note once when they mount
// (components/ui/dom-value.ts). Sent as loader data, so it costs the page's script nothing.
export const EARLY_INPUT_SCRIPT =
  "addEventListener('input',function(e){var t=e.target;if(!t||!t.id||!('value'in t)||Object.keys(t).some(function(k){return k.indexOf('__reactFiber')==0}))return;(window.__typed=window.__typed||{})[t.id]=t.value},true)";
