import { z } from "zod";
import { FEED_PAGE, MAX_LIST } from "../../lib/browse.ts";
import { BIO_MAX } from "../profile-rules.ts";
import { whole } from "./browse-query.ts";
import { textField, tokenField } from "./text-fields.ts";

// Profiles: the edit form and PATCH /api/users/:id share one schema; the list queries of the
// profile tabs (lenient) and of GET /api/users/:id/{posts,comments,upvoted,saved} (strict).

export const DISPLAY_NAME_MAX = 50;
export const PLACE_MAX = 60;
export const WEBSITE_MAX = 200;
export const BIO_TOO_LONG = `Bio must be at most ${BIO_MAX} characters`;
export const WEBSITE_INVALID = "Website must be a link starting with http:// or https://";

/** A text field: trimmed, at most `max`; empty means "not set" (null). Absent leaves it unchanged. */
const text = (label: string, max: number) =>
  textField({ type: `${label} must be text`, max: { length: max, message: `${label} must be at most ${max} characters` } })
    .transform((s) => (s === "" ? null : s))
    .optional();

const website = tokenField("Website must be text", WEBSITE_INVALID)
  .max(WEBSITE_MAX, `Website must be at most ${WEBSITE_MAX} characters`)
  .refine((s) => s === "" || isHttpUrl(s), WEBSITE_INVALID)
  .transform((s) => (s === "" ? null : s))
  .optional();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The profile edit form and PATCH /api/users/:id: every field optional, '' clears it. */
export const ProfileUpdateSchema = z.object({
  bio: textField({ type: "Bio must be text", max: { length: BIO_MAX, message: BIO_TOO_LONG } })
    .transform((s) => (s === "" ? null : s))
    .optional(),
  displayName: text("Display name", DISPLAY_NAME_MAX),
  location: text("Location", PLACE_MAX),
  occupation: text("Occupation", PLACE_MAX),
  website,
});
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;


/** GET /api/users/:id/{posts,comments,upvoted,saved}?limit=&offset= */
export const UserListQuerySchema = z.object({
  limit: whole("limit", 1, 100, FEED_PAGE),
  offset: whole("offset", 0, 10_000, 0),
});

/** A profile tab's URL: ?limit= grows by 5 (a bad value falls back to the first page). */
export const ProfileTabQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST).catch(FEED_PAGE),
});

/** The block form: one button that says what it will do. */
export const BlockFormSchema = z.object({
  intent: z.enum(["block", "unblock"], { error: "Choose block or unblock" }),
});

/** The follow form: one button that says what it will do. */
export const FollowFormSchema = z.object({
  intent: z.enum(["follow", "unfollow"], { error: "Choose follow or unfollow" }),
});
