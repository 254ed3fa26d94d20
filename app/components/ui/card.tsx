import type { HTMLAttributes } from "react";

export const cardClass = "rounded-xl border border-slate-200 bg-white";

/** The white rounded panel every list item, sidebar box and form sits on. */
export function Card({ as: Tag = "section", className = "", ...props }: HTMLAttributes<HTMLElement> & { as?: "section" | "div" | "article" | "aside" | "li" }) {
  return <Tag className={`${cardClass}${className ? ` ${className}` : ""}`} {...props} />;
}
