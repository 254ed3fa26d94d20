/** The 20 categories of docs/product.md §3, in their order. */
export const CATEGORIES = [
  "Gaming",
  "Music",
  "Comedy",
  "Education",
  "Science",
  "Technology",
  "Sports",
  "Movies",
  "Cooking",
  "DIY",
  "Politics",
  "Animals",
  "Reaction",
  "Inspirational",
  "Fail",
  "Prank",
  "Kids",
  "Animation",
  "Travel",
  "Beauty",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The home sidebar's list of 10 (it shows the first 8, 'View All' shows the rest). */
export const HOME_CATEGORIES: Category[] = [
  "DIY",
  "Cooking",
  "Movies",
  "Sports",
  "Technology",
  "Science",
  "Education",
  "Comedy",
  "Music",
  "Gaming",
];

export const DEFAULT_CATEGORY = "Uncategorized";

/** "/category/diy" → "DIY"; null for anything that is not one of the 20. */
export function categoryFromSlug(slug: string): Category | null {
  const lower = slug.toLowerCase();
  return CATEGORIES.find((c) => c.toLowerCase() === lower) ?? null;
}

export function categorySlug(category: string): string {
  return category.toLowerCase();
}
