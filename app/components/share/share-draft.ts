// The share dialog's second step (comment text, author, category), kept in this tab's sessionStorage
// as it is typed, by video link: a dropped connection while sharing ('Connection lost', then Retry)
// or a reload gives it back. Cleared once the post is shared. Storage blocked or full: it forgets.
import type { ShareValues } from "~/rules/share-dialog-state.ts";

export type ShareDraft = Pick<ShareValues, "text" | "author" | "category">;

const keyOf = (url: string) => `share-draft:${url}`;

/** The kept draft for this video link, or null. */
export function recallShareDraft(url: string): ShareDraft | null {
  try {
    const kept = sessionStorage.getItem(keyOf(url));
    return kept ? (JSON.parse(kept) as ShareDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft (all blank, or null: forgets it). */
export function keepShareDraft(url: string, draft: ShareDraft | null) {
  try {
    if (draft && (draft.text || draft.author || draft.category)) sessionStorage.setItem(keyOf(url), JSON.stringify(draft));
    else sessionStorage.removeItem(keyOf(url));
  } catch {}
}
