import { z } from "zod";
import { textField } from "./text-fields.ts";
import { RegisterSchema } from "./sign-in.ts";
import { ADMIN_ACCESS_DENIED, ADMIN_PAGE_SIZE, ADMIN_QUERY_MAX, ADMIN_REQUIRED, REASON_MAX } from "../admin-rules.ts";
import { CATEGORIES } from "~/lib/category-list.ts";
import { CATEGORIES_REQUIRED, CATEGORY_BOX, ROLES } from "../role-rules.ts";
import { REDACT_REASON_MAX, REDACT_REASON_REQUIRED } from "../edit-rules.ts";

// The admin dashboard's inputs: its pages, its form actions and /api/admin/* parse with these.

export { ADMIN_ACCESS_DENIED, ADMIN_PAGE_SIZE, ADMIN_QUERY_MAX, ADMIN_REQUIRED, REASON_MAX };

/** `?q=&page=` of the users, posts and log lists: anything odd falls back (page 1, no search). */
export const AdminListQuerySchema = z.object({
  q: textField({ type: "Search query must be text", max: { length: ADMIN_QUERY_MAX, message: `Search query must be at most ${ADMIN_QUERY_MAX} characters` } })
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

/** Reads `?q=&page=` from a URL. */
export function parseAdminListQuery(url: URL): AdminListQuery {
  return AdminListQuerySchema.parse({ q: url.searchParams.get("q") ?? undefined, page: url.searchParams.get("page") ?? undefined });
}

/** The registration rules plus the 'Grant admin privileges' box (a checkbox "on", or a JSON boolean). */
export const AdminCreateUserSchema = RegisterSchema.extend({
  isAdmin: z
    .union([z.boolean(), z.literal("on")], { error: "isAdmin must be true or false" })
    .optional()
    .transform((v) => v === true || v === "on"),
});
export type AdminCreateUserInput = z.infer<typeof AdminCreateUserSchema>;

/** The optional reason typed in a confirmation (stored in the moderation log). */
export const ReasonSchema = z.object({
  reason: textField({ type: "Reason must be text", max: { length: REASON_MAX, message: `Reason must be at most ${REASON_MAX} characters` } })
    .nullish()
    .transform((v) => v || null),
});

/** Redacting an earlier version of a post or comment (POST /revisions/:id/redact): the reason is required and logged. */
export const RedactSchema = z.object({
  reason: textField({
    type: REDACT_REASON_REQUIRED,
    required: REDACT_REASON_REQUIRED,
    max: { length: REDACT_REASON_MAX, message: `Reason must be at most ${REDACT_REASON_MAX} characters.` },
  }),
});

/**
 * A role given from the Users tab (POST /admin/users/:id/role) or PUT /api/admin/users/:id/role:
 * the role, and a category moderator's categories (JSON: a list; the form: a checkbox each).
 */
export const RoleSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw) || "categories" in raw) return raw;
    const boxes = Object.keys(raw).filter((key) => key.startsWith(CATEGORY_BOX));
    return { ...raw, categories: boxes.map((key) => key.slice(CATEGORY_BOX.length)) };
  },
  z
    .object({
      role: z.enum(ROLES, { error: "Choose a role" }),
      categories: z
        .array(z.enum(CATEGORIES, { error: "Unknown category" }), { error: "Categories must be a list" })
        .max(CATEGORIES.length)
        .optional()
        .transform((v) => [...new Set(v ?? [])]),
    })
    .refine((v) => v.role !== "category_moderator" || v.categories.length > 0, { message: CATEGORIES_REQUIRED, path: ["categories"] }),
);
