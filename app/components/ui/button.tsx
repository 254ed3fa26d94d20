import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "./link.tsx";

// The site's buttons: one list of classes, used by <button>s, links that look like buttons, and
// any component that needs the classes for another element (a <summary>, a form="dialog" button).

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

// .btn (app.css): the shape, focus ring and disabled look.
const base = "btn";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white shadow-sm hover:bg-brand-dark",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
};
const sizes: Record<ButtonSize, string> = {
  sm: "px-3 py-1 text-xs",
  md: "px-4 py-1.5 text-sm",
  lg: "px-4 py-2.5 text-base",
};

export function buttonClass({
  variant = "primary",
  size = "md",
  full = false,
  className = "",
}: { variant?: ButtonVariant; size?: ButtonSize; full?: boolean; className?: string } = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}${full ? " w-full" : ""}${className ? ` ${className}` : ""}`;
}

type Look = { variant?: ButtonVariant; size?: ButtonSize; full?: boolean };

export function Button({ variant, size, full, className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={buttonClass({ variant, size, full, className })} {...props} />;
}

/** A link that looks like a button (navigation, not an action: works without JavaScript). */
export function LinkButton({ variant, size, full, className, ...props }: LinkProps & Look & { children: ReactNode }) {
  return <Link className={buttonClass({ variant, size, full, className })} {...props} />;
}
