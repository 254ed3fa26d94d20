import type { HTMLAttributes, ReactNode } from "react";

const cardClass = "rounded-xl border border-slate-200 bg-white";

/** The white rounded panel every list item, sidebar box and form sits on. */
export function Card({ as: Tag = "section", className = "", ...props }: HTMLAttributes<HTMLElement> & { as?: "section" | "div" | "article" | "aside" | "li" }) {
  return <Tag className={`${cardClass}${className ? ` ${className}` : ""}`} {...props} />;
}

/** A titled side panel (the home and profile sidebars): a Card with an h2 that names it. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-3 font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
