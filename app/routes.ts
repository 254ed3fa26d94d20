import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// The one URL map of the site. Screens first, then the JSON API of SPEC §7.
export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("share", "routes/share.tsx"),

  ...prefix("api", [
    route("user", "routes/api/user.ts"),
    route("posts", "routes/api/posts-create.ts", { id: "api-posts-create" }),
    route("youtube/video/:videoId", "routes/api/youtube-video.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
