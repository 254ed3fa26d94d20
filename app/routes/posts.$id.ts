import { redirect } from "react-router";
import { resource } from "~/http/contract.server.ts";

// docs/product.md §2's variant address /posts/{id}: a permanent redirect to /post/{id}.
export const loader = resource({ who: "anyone" }, ({ params }) => redirect(`/post/${encodeURIComponent(params.id ?? "")}`, 301));
