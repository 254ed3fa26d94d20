import { useLocation } from "react-router";

/** The link a visitor gets instead of an action: to /auth, coming back here afterwards. */
export function useSignInHref(anchor?: string) {
  const { pathname, search } = useLocation();
  return `/auth?${new URLSearchParams({ redirectTo: `${pathname}${search}${anchor ? `#${anchor}` : ""}` })}`;
}
