import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// The one URL map of the site. Screens first, then the JSON API of SPEC §7.
export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("auth", "routes/auth.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("share", "routes/share.tsx"),

  ...prefix("api", [
    // accounts
    route("user", "routes/api/user.ts"),
    route("login", "routes/api/login.ts"),
    route("register", "routes/api/register.ts"),
    route("logout", "routes/api/logout.ts"),
    route("demo-login", "routes/api/demo-login.ts"),
    route("check-username/:username", "routes/api/check-username.ts"),
    route("forgot-password", "routes/api/forgot-password.ts"),
    route("reset-password", "routes/api/reset-password.ts"),
    route("direct-login", "routes/api/direct-login.ts"),
    route("debug-session", "routes/api/debug-session.ts"),

    // sharing
    route("posts", "routes/api/posts-create.ts", { id: "api-posts-create" }),
    route("youtube/video/:videoId", "routes/api/youtube-video.ts"),

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
