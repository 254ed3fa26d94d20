// Step 2's search over the video's comments (commentThreads.list searchTerms): a plain GET form of
// the page under the dialog, its state in hidden fields, so it works without JavaScript (a new page
// of the dialog with `find=`) and with it (a client navigation). It sits outside the share form, so
// Enter in the box searches and never shares.
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { COMMENT_SEARCH_MAX } from "~/rules/comment-pick-rules.ts";
import { SHARE_PARAM, shareHref, type OpenShareDialog, type ShareValues } from "~/rules/share-dialog-state.ts";
import { shareInputClass } from "./fields.tsx";

const COMMENT_SEARCH_FORM = "share-comment-search";

export function CommentSearch({ share, fields }: { share: OpenShareDialog; fields: ShareValues }) {
  // The dialog as it stands (what is typed included), a fresh list: no pick, no loaded pages.
  const href = shareHref(share.page, { step: 2, values: { ...fields, pick: "", find: "" } });
  const [path, query = ""] = href.split("?");
  const error = share.errors.find;
  return (
    <Form method="get" action={path} id={COMMENT_SEARCH_FORM} role="search" preventScrollReset className="flex gap-2">
      {[...new URLSearchParams(query)].map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <input
        type="search"
        aria-label="Search the comments"
        name={SHARE_PARAM.find}
        defaultValue={share.values.find}
        maxLength={COMMENT_SEARCH_MAX}
        placeholder="Search the comments"
        className={`${shareInputClass} mt-0 flex-1`}
      />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Search
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
