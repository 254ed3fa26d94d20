import { resource } from "~/http/contract.server.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { SITE_CARD } from "~/lib/seo.ts";
import { postPreview } from "~/models/post/index.server.ts";
import { parseId } from "~/rules/schemas/id-field.ts";

// GET /post/{id}/preview.png: the post's link-preview picture (1200×630 PNG of its quote, docs/product.md
// §3), the same for everyone. A removed post's is 404; when too many pictures are being drawn at
// once or the drawing failed, the site's card for now (not kept by anyone).
export const loader = resource({ who: "anyone", sessionless: true }, async ({ params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound(NOT_FOUND.post);
  const preview = await postPreview(id);
  if (preview.kind === "gone") throw notFound(NOT_FOUND.post);
  if (preview.kind === "unavailable") return new Response(null, { status: 302, headers: { Location: SITE_CARD.path, "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(preview.png), {
    // An edit draws another picture at another URL (the page links it with ?v={revision}): a browser
    // may keep it an hour; a shared cache (deploy/nginx) a minute, so a removed post's goes with it.
    headers: { "Content-Type": "image/png", "Content-Length": String(preview.png.length), "Cache-Control": "public, max-age=3600, s-maxage=60" },
  });
});
