import { useEffect, useRef } from "react";
import { useHydrated } from "./hooks.ts";
import { useNavigate, type FetcherWithComponents } from "react-router";
import { JS_FIELD, type ActionReply } from "~/rules/interactions/action-reply.ts";
import { showToast } from "./toaster.tsx";


/**
 * Inside a fetcher form: once hydrated it tells the action to answer data (JS on). Before
 * hydration, or without JS, the form is a plain POST and the action answers a 303.
 */
export function JsField() {
  return useHydrated() ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}

/** docs/product.md §6: after 'Authentication required' the visitor goes to /auth after 1.5 s. */
const AUTH_REDIRECT_DELAY_MS = 1500;

/**
 * Reacts once to each answer of an interaction fetcher: shows its toast, sends a visitor to
 * /auth, and calls onSuccess for a successful one.
 */
export function useInteractionReply<T extends object>(
  fetcher: Pick<FetcherWithComponents<ActionReply<T> | undefined>, "data">,
  onSuccess?: (reply: Extract<ActionReply<T>, { ok: true }>) => void,
) {
  const navigate = useNavigate();
  const seen = useRef<unknown>(undefined);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  // The answer arrives before the page's loaders revalidate (state "loading"): react at once, as
  // revalidation may well unmount this component (a deleted comment).
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || seen.current === reply) return;
    seen.current = reply;
    if (reply.toast) showToast(reply.toast);
    if (reply.ok) {
      success.current?.(reply as Extract<ActionReply<T>, { ok: true }>);
    } else if (reply.authRequired && reply.redirectTo) {
      const to = reply.redirectTo;
      const timer = setTimeout(() => navigate(to), AUTH_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [fetcher.data, navigate]);
}
