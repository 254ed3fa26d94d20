// A comment's draft, kept in this tab's sessionStorage as it is typed, so a reload, a dropped
// connection (the 'Connection lost' screen, then Retry) or a misstep back does not lose it. Never in
// the URL: a draft does not belong in history or server logs.

const key = (postId: number, parentId: number | null) => `chortle:draft:${postId}:${parentId ?? "post"}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked (a privacy setting): the box simply forgets
  }
}

export function rememberDraft(postId: number, parentId: number | null, text: string) {
  try {
    if (text.trim()) storage()?.setItem(key(postId, parentId), text);
    else storage()?.removeItem(key(postId, parentId));
  } catch {
    // Quota exceeded: nothing more to keep.
  }
}

export function recallDraft(postId: number, parentId: number | null): string {
  return storage()?.getItem(key(postId, parentId)) ?? "";
}
