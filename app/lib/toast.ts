import { z } from "zod";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  // Milliseconds before it fades with JS on; docs/product.md §9: 5 s, 3 s for 'Logged in'.
  duration: z.number().int().positive().max(60_000).optional(),
  // An Undo button: a plain form posting `intent` to this site's `action` (works without JavaScript).
  undo: z
    .object({ action: z.string().regex(/^\/[A-Za-z0-9/_-]{0,100}$/), intent: z.string().regex(/^[a-z-]{1,20}$/) })
    .optional(),
});
export type Toast = z.input<typeof ToastSchema>;
