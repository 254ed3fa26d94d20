// The home feed's Load More: a link that grows ?limit= by 5 (no JS needed); a visitor gets the sign-up prompt.
import { useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { ModalLink } from "../ui/modal-link.tsx";
import { buttonClass } from "../ui/button.tsx";
import { FEED_STEP, MAX_LIST } from "~/lib/browse.ts";
import { feedHref, type FeedView } from "./feed-controls.tsx";

export function LoadMore({
  view,
  signedIn,
  promptOpen,
  lastPostId,
}: {
  view: FeedView;
  signedIn: boolean;
  promptOpen: boolean;
  lastPostId: number;
}) {
  const navigation = useNavigation();
  // Lands on the last post already read, the new ones below it.
  const more = `${feedHref({ ...view, limit: Math.min(view.limit + FEED_STEP, MAX_LIST) })}#post-${lastPostId}`;
  const button = buttonClass({ variant: "secondary", size: "lg" });
  if (signedIn) {
    const loading = navigation.state === "loading" && navigation.location.search.includes("limit=");
    return (
      <div id="load-more" className="text-center">
        <Link to={more} replace preventScrollReset className={button} aria-disabled={loading || undefined}>
          {loading ? "Loading…" : "Load More"}
        </Link>
      </div>
    );
  }
  const prompt = <SignUpPrompt redirectTo={more} />;
  if (promptOpen) {
    return (
      <section
        id="load-more"
        aria-labelledby="sign-up-required"
        className="rounded-xl border border-brand bg-white p-6 text-center"
      >
        <h2 id="sign-up-required" className="text-lg font-bold">
          Sign Up Required
        </h2>
        {prompt}
      </section>
    );
  }
  return (
    <div id="load-more" className="text-center">
      <ModalLink
        to={`${feedHref(view, { signup: "1" })}#load-more`}
        title="Sign Up Required"
        className={button}
        label="Load More"
      >
        {prompt}
      </ModalLink>
    </div>
  );
}

function SignUpPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <>
      <p className="mt-2 text-slate-700">Create a free account to keep reading: every Load More brings 5 more posts.</p>
      <div className="mt-4 flex justify-center gap-2">
        <Link to={`/auth?${new URLSearchParams({ signup: "true", redirectTo })}`} className={buttonClass()}>
          Sign Up
        </Link>
        <Link
          to={`/auth?${new URLSearchParams({ redirectTo })}`}
          className="rounded-full border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100"
        >
          Sign In
        </Link>
      </div>
    </>
  );
}
