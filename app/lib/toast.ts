import { z } from "zod";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  // Milliseconds before it fades with JS on; docs/product.md §9: 5 s, 3 s for 'Logged in'.
  duration: z.number().int().positive().max(60_000).optional(),
});
export type Toast = z.input<typeof ToastSchema>;
