import { Link, useLocation } from "react-router";

/** The link a visitor gets instead of an action: to /auth, coming back here afterwards. */
export function useSignInHref(anchor?: string) {
  const { pathname, search } = useLocation();
  return `/auth?${new URLSearchParams({ redirectTo: `${pathname}${search}${anchor ? `#${anchor}` : ""}` })}`;
}

export function SignInLink({ anchor, className, label, children }: { anchor?: string; className?: string; label: string; children: React.ReactNode }) {
  const href = useSignInHref(anchor);
  return (
    <Link to={href} className={className} aria-label={label} title={label}>
      {children}
    </Link>
  );
}
