import { z } from "zod";
import { MUTE_EMPTY, MUTE_KINDS, MUTE_TOO_LONG, MAX_MUTE_LENGTH } from "../mute-rules.ts";
import { IdSchema } from "./id-field.ts";
import { textField } from "./text-fields.ts";

// Mutes and hiding (decision 0125): the settings page's forms, the card's Hide form and the JSON API
// share these. Which member or category a value names is the model's question (muteFor).

const kind = z.enum(MUTE_KINDS as ["word", "member", "category"], { error: "Choose word, member or category" });
const value = textField({ type: MUTE_EMPTY, required: MUTE_EMPTY, max: { length: MAX_MUTE_LENGTH, message: MUTE_TOO_LONG } });
/** A muted word or phrase as typed: cleaned, at most MAX_MUTE_LENGTH characters (the model's mutedWordKey applies it to every source, the cookie too). */
export const MuteWordSchema = value;

/** POST /api/me/mutes {kind, value}: a member or a category by id or name. */
export const MuteApiSchema = z.object({
  kind,
  value: z.union([z.number({ error: MUTE_EMPTY }).int(MUTE_EMPTY).positive(MUTE_EMPTY), value], { error: MUTE_EMPTY }),
});

/** The settings page's forms (and the mute links of cards, comments and profiles, confirmed there). */
export const MuteFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("mute"), kind, value }),
    z.object({ intent: z.literal("unmute"), id: IdSchema.optional(), kind: kind.optional(), value: value.optional() }),
    // 'Hide what I've read' on, or off ('show-read').
    z.object({ intent: z.literal("hide-read") }),
    z.object({ intent: z.literal("show-read") }),
  ],
  { error: "Choose what to do" },
);

/** POST /post/:id/hide with intent=hide|unhide (the card, the toast's Undo, the Hidden tab). */
export const HideFormSchema = z.object({ intent: z.enum(["hide", "unhide"], { error: "Choose hide or unhide" }) });

/**
 * /mutes: the tab (Muted, Hidden); from a comment or a profile, what to confirm muting
 * (?kind=member&value=12); from a card, the post to hide or mute (?post=12). Lenient: an unknown
 * value only shows no confirmation.
 */
export const MutesPageQuerySchema = z.object({
  tab: z.enum(["muted", "hidden"]).catch("muted"),
  kind: kind.optional().catch(undefined),
  value: value.optional().catch(undefined),
  /** A card's 'Hide or mute…': the post whose hiding, author and category are offered. */
  post: IdSchema.optional().catch(undefined),
});
