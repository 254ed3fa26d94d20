// Who keeps order (docs/product.md §6, decision 0220): four ranks, each below the next. A category
// moderator moderates the posts of their categories (a comment follows its post); a moderator does
// it everywhere and suspends members; only an admin deletes accounts, changes roles, changes how
// people sign up and sees e-mail addresses. Nobody moderates a member of their own rank or above.

export const ROLES = ["member", "category_moderator", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The rank of a role: a moderator acts on a member only of a lower one. */
export const RANK: Readonly<Record<Role, number>> = { member: 0, category_moderator: 1, moderator: 2, admin: 3 };

export const ROLE_LABEL: Readonly<Record<Role, string>> = {
  member: "Member",
  category_moderator: "Category moderator",
  moderator: "Moderator",
  admin: "Admin",
};

export const MODERATOR_REQUIRED = "Moderator access required.";
export const OUTSIDE_CATEGORIES = "You moderate other categories: this item is not yours to decide.";
export const SITE_WIDE_ONLY = "Only a site-wide moderator or an admin can do this.";
export const OUTRANKED = "You cannot moderate a member of your own rank or above.";
export const CATEGORIES_REQUIRED = "Choose at least one category for a category moderator.";
export const SUSPENDED_NO_ROLE = "A suspended member cannot be given a role: lift the suspension first.";

/** A form's checkbox per category (`category.Music=on`): the form keeps one value a name, so each category is its own name. */
export const CATEGORY_BOX = "category.";

/** The role as words, with a category moderator's categories. */
export function roleWords(role: Role, categories: readonly string[]): string {
  return role === "category_moderator" ? `${ROLE_LABEL[role]} of ${categories.join(", ")}` : ROLE_LABEL[role];
}
