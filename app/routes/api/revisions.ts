import { listRevisions } from "~/models/revision.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { PageQuerySchema } from "~/rules/schemas/paging.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { apiLoader, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// GET /api/posts/{id}/revisions?page= and GET /api/comments/{id}/revisions?page=: the current version and
// the ones edits replaced, newest first, a page at a time ({revisions, page, totalPages, total}; a
// redacted one reads 'Removed by a moderator'). Public, like the item.
export const loader = apiLoader({ who: "anyone", input: PageQuerySchema }, ({ params, request, input }) => {
  const kind = new URL(request.url).pathname.startsWith("/api/posts/") ? "post" : "comment";
  return jsonRead("Failed to fetch revisions", () =>
    listRevisions(kind, requireId(params.id, NOT_FOUND[kind]), input.page),
  );
});

export const action = onlyMethods("GET");
