import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// The one URL map of the site: screens, then the forms they post to, the JSON API of
// docs/product.md §7, and the feeds. Read it to know the site.
export default [
  index("routes/home.tsx"),
  route("post/:id", "routes/post.$id.tsx"),
  route("post/:id/preview.png", "routes/post.$id.preview.ts"),
  route("posts/:id", "routes/posts.$id.ts"),
  route("category/:name", "routes/category.tsx"),
  route("categories", "routes/category.tsx", { id: "routes/categories" }),
  route("search", "routes/search.tsx"),
  route("sign-in-required", "routes/sign-in-required.ts"),
  route("logout", "routes/logout.tsx"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("auth", "routes/auth.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("share", "routes/share.tsx"),
  // The phone's share sheet (the manifest's share_target): on to the dialog, through sign-in.
  route("share/target", "routes/share.target.ts"),

  // Interactions: every one a form that works without JavaScript (a fetcher makes it smoother).
  route("post/:id/vote", "routes/post.$id.vote.ts"),
  route("comments/:id/vote", "routes/comments.$id.vote.ts"),
  route("post/:id/save", "routes/post.$id.save.ts"),
  route("post/:id/hide", "routes/post.$id.hide.ts"),
  route("post/:id/watch", "routes/post.$id.watch.ts"),
  route("comments/:id/watch", "routes/comments.$id.watch.ts"),
  route("post/:id/comments", "routes/post.$id.comments.ts"),
  route("post/:id/delete", "routes/post.$id.delete.ts"),
  route("comments/:id/delete", "routes/comments.$id.delete.ts"),
  // Editing and its history (a form with URL state without JS, in place with it).
  route("post/:id/edit", "routes/post.$id.edit.tsx"),
  route("comments/:id/edit", "routes/comments.$id.edit.ts"),
  route("post/:id/history", "routes/history.tsx", { id: "post-history" }),
  route("comments/:id/history", "routes/history.tsx", { id: "comment-history" }),
  route("revisions/:id/redact", "routes/revisions.$id.redact.ts"),
  route("notifications", "routes/notifications.tsx"),
  // Mutes, 'Hide what I've read' and the Hidden tab (a visitor's mutes: a cookie).
  route("mutes", "routes/mutes.tsx"),
  route("reports", "routes/reports.ts"),
  // The public moderation log (its feed is with the other feeds below).
  route("moderation", "routes/moderation.tsx"),

  // Accounts: sessions, password and deleting your own account (pages, so they work without JS).
  route("sessions/sign-out-others", "routes/sessions.sign-out-others.ts"),
  route("account/password", "routes/account.password.tsx"),
  route("account/delete", "routes/account.delete.tsx"),
  route("account/export", "routes/account.export.ts"),
  route("account/two-factor", "routes/account.two-factor.tsx"),
  route("account/standing", "routes/account.standing.tsx"),
  route("account/email", "routes/account.email.tsx"),
  route("email/unsubscribe", "routes/email.unsubscribe.tsx"),
  route("account/verify-email", "routes/account.verify-email.ts"),
  route("invites", "routes/invites.ts"),

  // Profiles and following: a layout with one child route per tab (a tab is a URL), and the follow form.
  route("profile/:id", "routes/profile/profile.tsx", [
    index("routes/profile/posts.tsx"),
    route("comments", "routes/profile/comments.tsx"),
    route("upvoted", "routes/profile/upvoted.tsx"),
    route("saved", "routes/profile/saved.tsx"),
    route("about", "routes/profile/about.tsx"),
  ]),
  route("profile/:id/follow", "routes/profile/follow.ts"),
  route("profile/:id/block", "routes/profile/block.ts"),

  // Admin dashboard: a guarded layout with its tabs, and the forms its rows post to.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("posts", "routes/admin/posts.tsx"),
    route("log", "routes/admin/log.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("rules", "routes/admin/rules.tsx"),
  ]),
  route("admin/reports/:id/resolve", "routes/admin/report-resolve.ts"),
  route("admin/held/:id/decide", "routes/admin/held-decide.ts"),
  route("admin/appeals/:id/decide", "routes/admin/appeal-decide.ts"),
  route("admin/users/:id/suspend", "routes/admin/user-suspend.ts"),
  route("admin/users/:id/sweep", "routes/admin/user-sweep.ts"),
  route("admin/users/:id/toggle-admin", "routes/admin/user-toggle-admin.ts"),
  route("admin/users/:id/role", "routes/admin/user-role.ts"),
  route("admin/users/:id/delete", "routes/admin/user-delete.ts"),
  route("admin/posts/:id/delete", "routes/admin/post-delete.ts"),
  route("admin/demo/reset", "routes/admin/demo-reset.ts"),

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
    route("me/export", "routes/api/me-export.ts"),
    route("login/two-factor", "routes/api/login-two-factor.ts"),
    route("me/two-factor/setup", "routes/api/me-two-factor-setup.ts"),
    route("me/two-factor/enable", "routes/api/me-two-factor-enable.ts"),
    route("me/two-factor/disable", "routes/api/me-two-factor-disable.ts"),

    // sharing
    route("youtube/video/:videoId", "routes/api/youtube-video.ts"),

    // interactions
    route("votes", "routes/api/votes.ts"),
    route("votes/user/:userId/post/:postId", "routes/api/vote-lookup.ts", { id: "api-vote-post" }),
    route("votes/user/:userId/comment/:commentId", "routes/api/vote-lookup.ts", { id: "api-vote-comment" }),
    route("comments", "routes/api/comments.ts"),
    route("comments/:id", "routes/api/comment.ts"),
    route("comments/:id/revisions", "routes/api/revisions.ts", { id: "api-comment-revisions" }),
    route("posts/:id/saved", "routes/api/post-saved.ts"),
    route("posts/:id/save", "routes/api/post-save.ts"),
    route("posts/:id/hide", "routes/api/post-hide.ts"),
    route("posts/:id/watch", "routes/api/post-watch.ts"),
    route("comments/:id/watch", "routes/api/comment-watch.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("notifications/unread/count", "routes/api/notifications-unread-count.ts"),
    route("notifications/read-all", "routes/api/notifications-read-all.ts"),
    route("notifications/:id/read", "routes/api/notification-read.ts"),

    // browsing (GET) — posts.ts also creates (POST), post.ts also deletes (DELETE)
    route("posts", "routes/api/posts.ts"),
    route("posts/:id", "routes/api/post.ts"),
    route("posts/:id/comments", "routes/api/post-comments.ts"),
    route("posts/:id/revisions", "routes/api/revisions.ts", { id: "api-post-revisions" }),
    route("categories", "routes/api/categories.ts"),
    route("search", "routes/api/search.ts"),
    route("users/top/contributors", "routes/api/top-contributors.ts"),

    // profiles and following (users/top/contributors above is matched first)
    route("users/:id", "routes/api/users.$id.ts"),
    route("users/:id/posts", "routes/api/users.$id.list.ts", { id: "api-user-posts" }),
    route("users/:id/comments", "routes/api/users.$id.list.ts", { id: "api-user-comments" }),
    route("users/:id/upvoted", "routes/api/users.$id.list.ts", { id: "api-user-upvoted" }),
    route("users/:id/saved", "routes/api/users.$id.list.ts", { id: "api-user-saved" }),
    route("users/:id/follow", "routes/api/users.$id.follow.ts"),
    route("users/:id/block", "routes/api/users.$id.block.ts"),
    route("me/blocks", "routes/api/me-blocks.ts"),
    route("me/mutes", "routes/api/me-mutes.ts"),
    route("me/mutes/:id", "routes/api/me-mute.ts"),
    route("me/email-preferences", "routes/api/me-email-preferences.ts"),
    route("me/verification", "routes/api/me-verification.ts"),
    route("invites", "routes/api/invites.ts"),

    // reports (a budget of their own) and the member's standing
    route("reports", "routes/api/reports.ts"),
    route("moderation", "routes/api/moderation.ts"),

    // admin (401 signed out, 403 for members)
    route("admin/dashboard", "routes/api/admin-dashboard.ts"),
    route("admin/users", "routes/api/admin-users.ts"),
    route("admin/users/:id", "routes/api/admin-user.ts"),
    route("admin/users/:id/toggle-admin", "routes/api/admin-user-toggle-admin.ts"),
    route("admin/users/:id/role", "routes/api/admin-user-role.ts"),
    route("admin/posts", "routes/api/admin-posts.ts"),
    route("admin/posts/:id", "routes/api/admin-post.ts"),
    route("admin/log", "routes/api/admin-log.ts"),
    route("admin/rules", "routes/api/admin-content-rules.ts"),
    route("admin/rules/:id", "routes/api/admin-content-rule.ts"),
    route("admin/reports", "routes/api/admin-reports.ts"),
    route("admin/reports/:id/resolve", "routes/api/admin-report-resolve.ts"),
    route("admin/users/:id/suspend", "routes/api/admin-user-suspension.ts", { id: "api-user-suspend" }),
    route("admin/users/:id/suspension", "routes/api/admin-user-suspension.ts", { id: "api-user-suspension" }),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Reach: Atom feeds, robots and sitemap, own-origin video thumbnails (docs/product.md §10).
  route("feed.xml", "routes/syndication/site.ts", { id: "feed-new" }),
  route("hot.xml", "routes/syndication/site.ts", { id: "feed-hot" }),
  route("category/:name/feed.xml", "routes/syndication/category.ts"),
  route("profile/:id/feed.xml", "routes/syndication/profile.ts"),
  route("post/:id/comments.xml", "routes/syndication/comments.ts"),
  route("moderation/feed.xml", "routes/syndication/moderation.ts"),
  route("feeds/following/token", "routes/syndication/following-token.ts"),
  route("feeds/following/:file", "routes/syndication/following.ts"),
  route("robots.txt", "routes/syndication/robots.ts"),
  route("sitemap.xml", "routes/syndication/sitemap.ts", { id: "sitemap-index" }),
  route("sitemap/:file", "routes/syndication/sitemap.ts", { id: "sitemap-file" }),
  route("thumbnails/:file", "routes/thumbnails.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
