import { DEMO_USERNAME } from "./account-rules.ts";
import { forbidden, type Problem } from "../lib/problem.ts";

// The shared demo account: anyone may sign in with its published password, so nothing it does may
// lock the next visitor out or show them what earlier visitors left behind (docs/product.md §11).
// Models call `refuseDemo` before each such write or read; components hide the controls with `isDemo`.

export const DEMO_REFUSED = "The shared demo account cannot do that.";
/** The demo seed's other members have no password: nobody may sign into them, reset them or invite as them. */
export const SEEDED_REFUSED = "The demo's sample accounts cannot do that.";

export function isDemo(user: { username: string } | null | undefined): boolean {
  return user?.username === DEMO_USERNAME;
}

/** The Problem a demo session gets for what it may not do (password and its reset, deletion, sessions, invites, reports). */
function demoProblem(): Problem {
  return forbidden(DEMO_REFUSED);
}

/** Throws the demo Problem when `user` is the shared demo account. */
export function refuseDemo(user: { username: string } | null | undefined): void {
  if (isDemo(user)) throw demoProblem();
}
