// The admin dashboard's limits and texts, without zod: the dashboard's components use them in the
// browser, and app/rules/schemas/admin.ts checks them.

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_QUERY_MAX = 100;
export const REASON_MAX = 500;

export const ADMIN_ACCESS_DENIED = "Access Denied: You need admin permissions to access this page.";
export const ADMIN_REQUIRED = "Admin access required.";
