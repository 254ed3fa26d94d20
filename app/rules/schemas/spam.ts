import { z } from "zod";

// The moderators' forms of the spam defences (docs/product.md §11 "Spam").

/** Approve or reject a post or comment that waits (POST /admin/held/:id/decide). */
export const HeldDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject" }),
});
export type HeldDecisionInput = z.infer<typeof HeldDecisionSchema>;
