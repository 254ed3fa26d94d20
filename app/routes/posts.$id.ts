import { redirect } from "react-router";
import type { Route } from "./+types/posts.$id";

// docs/product.md §2's variant address /posts/{id}: a permanent redirect to /post/{id}.
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}`, 301);
}
