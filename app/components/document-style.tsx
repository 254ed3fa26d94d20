import { createContext, useContext } from "react";

// The stylesheet in the document (no <link>: one round trip less before the first paint). The server
// provides its text (entry.server.tsx, from document-css.server.ts); the browser reads back what the
// server sent, before hydrating, so every render of the root, even one that starts over after a
// hydration error, writes the same text and never empties it. Client navigations keep the root, and
// with it this element: no page needs the stylesheet as a file.
const DocumentCssContext = createContext<string | null>(null);

export const DocumentCssProvider = DocumentCssContext.Provider;

const ID = "document-css";
const sent = typeof document === "undefined" ? null : (document.getElementById(ID)?.textContent ?? null);

export function DocumentStyle() {
  const css = useContext(DocumentCssContext) ?? sent ?? "";
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
