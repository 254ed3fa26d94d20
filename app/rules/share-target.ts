// Sharing from the phone: where a share from another app (the installed site's place in the share
// sheet, public/manifest.webmanifest `share_target`) opens the share dialog (docs/product.md §2). The
// shared title, text and url are read for a YouTube link (Android's apps send it inside `text`, with
// words around it); the dialog's URL state is written by its own writer, `shareHref`.
import { findVideoLink } from "../lib/video-url.ts";
import { MAX_REDIRECT_LENGTH } from "../lib/redirect.ts";
import { truncateVisible, visibleLength } from "../lib/text.ts";
import { POST_LIMITS } from "./post-rules.ts";
import { EMPTY_SHARE_VALUES, shareHref, type ShareState } from "./share-dialog-state.ts";

/** What a share sheet sends (GET /share/target?title=…&text=…&url=…), each already bounded by its schema. */
export type SharedContent = { title?: string; text?: string; url?: string };

/** The page under the dialog a share opens. */
const SHARE_TARGET_PAGE = "/";

const ANY_LINK = /(?:^|\s)(https?:\/\/\S+)/i;

/** `value` without the word that holds `link` (the brackets and punctuation around it too), its white space collapsed. */
function without(value: string | undefined, link: string): string {
  const text = value ?? "";
  const at = link ? text.indexOf(link) : -1;
  if (at === -1) return text.replace(/\s+/g, " ").trim();
  const start = text.slice(0, at).search(/\S*$/);
  const end = at + link.length + text.slice(at + link.length).search(/\s|$/);
  return `${text.slice(0, start)} ${text.slice(end)}`.replace(/\s+/g, " ").trim();
}

/** The shared words beside the link, once each: the title, then the text when it says more. */
function titleOf({ title, text }: SharedContent, link: string): string {
  const parts: string[] = [];
  for (const part of [without(title, link), without(text, link)]) {
    if (!part || parts.some((p) => p.includes(part))) continue;
    const shorter = parts.findIndex((p) => part.includes(p));
    if (shorter === -1) parts.push(part);
    else parts[shorter] = part;
  }
  return truncateVisible(parts.join(" "), POST_LIMITS.titleMax);
}

/**
 * The dialog's state for a share: step 2 with the video or comment link in place (and the shared
 * words as the post's title) when `url`, `text` or `title` holds one; step 1 otherwise, with the
 * shared link (any) in the link field and the shared words in the title, so nothing is lost.
 */
export function shareTargetState(shared: SharedContent): Pick<ShareState, "step"> & { values: { url: string; title: string } } {
  const video = findVideoLink(shared.url) ?? findVideoLink(shared.text) ?? findVideoLink(shared.title);
  if (video) return { step: 2, values: { url: video, title: titleOf(shared, video) } };
  const url = shared.url?.trim() || ANY_LINK.exec(shared.text ?? "")?.[1] || ANY_LINK.exec(shared.title ?? "")?.[1] || "";
  return { step: 1, values: { url, title: titleOf(shared, url) } };
}

/**
 * The dialog's URL for a share, no longer than a path followed after sign-in may be (a visitor signs
 * in and comes back to it): the title is cut until it fits, and a link too long even alone is left out.
 */
export function shareTargetHref(shared: SharedContent): string {
  const { step, values } = shareTargetState(shared);
  const at = (url: string, title: string) => shareHref(SHARE_TARGET_PAGE, { step: url ? step : 1, values: { ...EMPTY_SHARE_VALUES, url, title } });
  const url = at(values.url, "").length <= MAX_REDIRECT_LENGTH ? values.url : "";
  if (at(url, values.title).length <= MAX_REDIRECT_LENGTH) return at(url, values.title);
  // The longest start of the title that fits (a binary search over its length in characters: at most
  // log2(200) tries).
  const cut = (n: number) => truncateVisible(values.title, n).trim();
  let [fits, tooLong] = [0, visibleLength(values.title)];
  while (tooLong - fits > 1) {
    const mid = (fits + tooLong) >> 1;
    if (at(url, cut(mid)).length <= MAX_REDIRECT_LENGTH) fits = mid;
    else tooLong = mid;
  }
  return at(url, cut(fits));
}
