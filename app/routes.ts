import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// The one URL map of the site. Screens first, then the JSON API of SPEC §7.
export default [
  index("routes/home.tsx"),
  route("post/:id", "routes/post.$id.tsx"),
  route("posts/:id", "routes/posts.$id.ts"),
  route("category/:name", "routes/category.tsx"),
  route("categories", "routes/category.tsx", { id: "routes/categories" }),
  route("search", "routes/search.tsx"),
  route("sign-in-required", "routes/sign-in-required.ts"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),

  ...prefix("api", [
    route("user", "routes/api/user.ts"),
    route("posts", "routes/api/posts.ts"),
    route("posts/:id", "routes/api/post.ts"),
    route("posts/:id/comments", "routes/api/post-comments.ts"),
    route("categories", "routes/api/categories.ts"),
    route("search", "routes/api/search.ts"),
    route("users/top/contributors", "routes/api/top-contributors.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
