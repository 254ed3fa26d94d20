// The site's one stylesheet (Tailwind's output, ~37 KB, ~7.7 KB gzipped), as text for the <style> in
// every document's head: the first paint needs no second request. Vite builds it exactly as it would
// build the file (minified, the same bytes); the CSP allows it by its hash (csp.server.ts).
import css from "../app.css?inline";

export const DOCUMENT_CSS: string = css;
