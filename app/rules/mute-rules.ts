// Mutes and hidden posts (docs/product.md "Mutes and Hide", decision 0125): the texts, the limits
// and how a muted word is matched, shared by the model, the forms, the JSON API and the pages.
// Browser-safe: no zod, no server code.

export type MuteKind = "word" | "member" | "category";
export const MUTE_KINDS: readonly MuteKind[] = ["word", "member", "category"];

/** One of the member's mutes as the settings page and GET /api/me/mutes show it. */
export type MuteView = { id: number; kind: MuteKind; value: string; label: string; createdAt: string };

/** What a visitor mutes, kept in a cookie of their browser: words (folded) and categories. */
export type VisitorMutes = { words: string[]; categories: string[] };
export const NO_VISITOR_MUTES: VisitorMutes = Object.freeze({ words: [], categories: [] }) as VisitorMutes;

/** At most this many mutes per member (and per visitor's cookie, words and categories together). */
export const MAX_MUTES = 100;
/** A muted word or phrase: at most this many characters, and this many words. */
export const MAX_MUTE_LENGTH = 60;
export const MAX_MUTE_WORDS = 6;

export const MUTE_EMPTY = "Say what to mute";
export const MUTE_TOO_LONG = `A muted phrase can be at most ${MAX_MUTE_LENGTH} characters and ${MAX_MUTE_WORDS} words`;
export const MUTE_UNKNOWN_MEMBER = "No member has that name";
export const MUTE_UNKNOWN_CATEGORY = "No category has that name";
export const MUTE_SELF = "You cannot mute yourself";
export const MUTE_REPEAT = "You already muted that";
export const MUTE_TOO_MANY = `You can mute at most ${MAX_MUTES} things: unmute some first`;
export const MUTE_NOT_FOUND = "Mute not found";
export const VISITOR_MUTES_ONLY = "Sign in to mute members: a visitor can mute words and categories";
export const VISITOR_MUTES_FULL = "This browser keeps no more mutes: sign in to mute more";

// How a muted word is folded and found (the one fold of every index and mute) is db/words.ts's,
// applied by the model (app/models/mute/mute.server.ts) and the SQL functions (decision 0160).

export const muteToastTitle = (kind: MuteKind, muted: boolean) =>
  muted ? { word: "Word muted", member: "Member muted", category: "Category muted" }[kind] : "Unmuted";
export const muteToastText = (label: string, muted: boolean) =>
  muted ? `You won't see ${label} in your lists.` : `You will see ${label} again.`;
export const muteFailTitle = "Failed to change your mutes";

export const HIDE_TITLE = "Post hidden";
export const HIDE_TEXT = "It won't show in your lists. Undo it here or from Hidden.";
export const UNHIDE_TITLE = "Post shown again";
export const UNHIDE_TEXT = "It is back in your lists.";
export const hideFailTitle = (hide: boolean) => (hide ? "Failed to hide the post" : "Failed to show the post again");
export const HIDE_READ_ON = "Posts you've opened are hidden from your lists.";
export const HIDE_READ_OFF = "Posts you've opened show in your lists again.";

/** A muted comment in its place (the thread keeps its shape, as for a block). */
export const MUTED_COMMENT_TEXT = "[muted comment]";
