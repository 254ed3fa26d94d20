import { notFound } from "~/lib/problem.ts";
import { resource } from "~/http/contract.server.ts";
import { apiLoader, problemJson } from "~/http/answers/json-api.server.ts";

// Any /api/… path the API does not have: 404 {message}, for every method and every caller (the body
// is never read; nothing is written, so a suspended member gets the 404 too).
export const loader = apiLoader({ who: "anyone" }, () => {
  throw notFound("Not found");
});
export const action = resource({ who: "anyone", whileSuspended: true }, () => problemJson(notFound("Not found")), { method: "POST" });
