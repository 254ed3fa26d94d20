import { Form } from "react-router";
import { FeedIcon } from "./icons.tsx";
import { Button } from "./ui/button.tsx";
import { inputClass } from "./ui/input.tsx";

/**
 * For the owner's profile about tab: the private Following feed URL to paste into a feed reader, and
 * a form that replaces it (the old URL answers 404 from then on). Works without JavaScript: the form
 * posts to /feeds/following/token, which comes back here with a toast.
 * The loader passes `${origin}${followingFeedPath(getFeedToken({ userId }))}` for the owner only.
 */
export function FollowingFeedPanel({ feedUrl }: { feedUrl: string }) {
  return (
    <section aria-labelledby="following-feed-title" className="space-y-2">
      <h3 id="following-feed-title" className="flex items-center gap-1.5 font-bold">
        <FeedIcon className="h-4 w-4 text-orange-700" /> Following feed
      </h3>
      <p className="text-sm text-slate-700">
        New posts by the people you follow, for your feed reader. This link is private: anyone who has it can read
        the feed, so replace it if it leaks.
      </p>
      <label htmlFor="following-feed-url" className="sr-only">
        Your private Following feed link
      </label>
      <input id="following-feed-url" type="url" readOnly value={feedUrl} className={inputClass} />
      <Form method="post" action="/feeds/following/token">
        <Button type="submit" variant="secondary" size="sm">
          Replace the link
        </Button>
      </Form>
    </section>
  );
}
