// The public moderation log's vocabulary (docs/product.md §6 "Moderation log"): which actions it
// shows under which kind, and the words of its lines. Plain data: the page, the feed and the JSON say
// the same words.
import type { ACTOR_ROLES, MODERATION_KINDS, ModerationAction } from "#db/schema.ts";

export type ModerationKind = (typeof MODERATION_KINDS)[number];
export type ActorRole = (typeof ACTOR_ROLES)[number];

/**
 * The kind each action is filed under, or null: an account made or closed by its owner, the demo's
 * reset are not moderation and stay in the admin log. The migration that added `kind` filled the
 * old entries by the same map (a test holds the two together).
 */
export const KIND_OF_ACTION: Record<ModerationAction, ModerationKind | null> = {
  create_user: null,
  delete_self: null,
  reset_demo: null,
  delete_post: "removal",
  delete_comment: "removal",
  delete_user: "removal",
  restore_post: "restore",
  restore_comment: "restore",
  reject_held: "held",
  approve_held: "held",
  suspend_user: "suspension",
  lift_suspension: "suspension_end",
  end_suspension: "suspension_end",
  grant_admin: "role",
  remove_admin: "role",
  dismiss_report: "report",
  decide_appeal: "appeal",
  edit_post: "edit",
  redact_revision: "edit",
  rule_hold: "rule",
  rule_refuse: "rule",
  rule_flag: "rule",
  grant_role: "role",
  remove_role: "role",
};

/** The filter's choices, in the order the page offers them. */
export const KIND_LABELS: Record<ModerationKind, string> = {
  removal: "Removals",
  restore: "Restores",
  suspension: "Suspensions",
  suspension_end: "Suspension ends",
  role: "Role changes",
  rule: "Rule actions",
  report: "Reports dismissed",
  appeal: "Appeals",
  edit: "Edits",
  held: "Waiting items",
};

/** What one line says was done (the admin log tab and the public log alike). */
export const ACTION_TEXT: Record<ModerationAction, string> = {
  create_user: "Created user",
  grant_admin: "Granted admin",
  remove_admin: "Removed admin",
  delete_user: "Deleted user",
  delete_post: "Deleted post",
  delete_self: "Deleted own account",
  reset_demo: "Reset the demo account",
  dismiss_report: "Dismissed a report",
  approve_held: "Approved a waiting item",
  reject_held: "Rejected a waiting item",
  delete_comment: "Deleted comment",
  restore_post: "Restored post",
  restore_comment: "Restored comment",
  suspend_user: "Suspended user",
  lift_suspension: "Lifted suspension",
  end_suspension: "Suspension ended",
  decide_appeal: "Decided an appeal",
  edit_post: "Edited post",
  redact_revision: "Redacted a version",
  rule_hold: "Held for review",
  rule_refuse: "Refused",
  rule_flag: "Flagged to the review queue",
  grant_role: "Gave a role",
  remove_role: "Took back a role",
};

/** Who acted, as the log says it (a name follows where the site shows moderators' names). */
export const ROLE_TEXT: Record<ActorRole, string> = {
  admin: "an admin",
  moderator: "a moderator",
  rule: "a rule",
  member: "the member",
  site: "its end date",
};

/** The title of an item that is gone or was removed: its text is never shown again. */
export const REMOVED_TITLE = "[removed]";

/** The reason an ended suspension's entry gives: nobody acted, its time ran out. */
export const SUSPENSION_RAN_OUT = "Its end date came.";

/** Entries a page shows; the JSON may ask for up to MODERATION_LOG_MAX. */
export const MODERATION_LOG_PAGE = 30;
export const MODERATION_LOG_MAX = 100;

/** "an admin (alice)", or "a moderator" where names are not shown. */
export function actorText(actor: { text: string; name: string | null }): string {
  return actor.name ? `${actor.text} (${actor.name})` : actor.text;
}

/** The log's URL with a filter and a page: /moderation?category=Music&kind=removal&before=120 */
export function moderationLogHref(base: string, { category, kind, before }: { category?: string; kind?: string; before?: number | null }): string {
  const q = new URLSearchParams();
  if (category) q.set("category", category);
  if (kind) q.set("kind", kind);
  if (before) q.set("before", String(before));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
