import { useRouteLoaderData } from "react-router";
import type { Role } from "~/rules/role-rules.ts";

/** Who looks at the admin pages (the layout's loader answers it): its role and a category moderator's categories (null: everywhere). */
export type AdminViewer = { role: Exclude<Role, "member">; categories: readonly string[] | null };

/** The admin pages' viewer, for a tab's page, so it shows only what they may use. */
export function useAdminViewer(): AdminViewer {
  return useRouteLoaderData<AdminViewer>("routes/admin/layout") ?? { role: "admin", categories: null };
}
