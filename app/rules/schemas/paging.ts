// `?page=` of a paged list (1-based, page 1 by default). A JSON endpoint is strict, like every query
// of the read side (a bad value is a 400 with the message); a screen is lenient (a bad value is page
// 1, as the admin lists do).
import { z } from "zod";
import { whole } from "./browse-query.ts";

const MAX_PAGE = 1_000_000;

/** GET /api/…?page= */
export const PageQuerySchema = z.object({ page: whole("page", 1, MAX_PAGE, 1) });

/** A screen's ?page=: anything odd is page 1. */
export const PageParamSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** The page a screen's URL asks for. */
export const pageParam = (url: URL): number => PageParamSchema.parse(url.searchParams.get("page") ?? undefined);
