import { Link } from "~/components/ui/link.tsx";
import type { TopContributor } from "~/lib/browse.ts";
import { formatCount } from "~/lib/format.ts";
import { Avatar } from "../avatar.tsx";
import { FollowButton } from "./follow-button.tsx";

type Suggestion = TopContributor & { following: boolean };

/** The empty Following feed: whom to follow (this week's top contributors), each with Follow. */
export function FollowSuggestions({ people }: { people: Suggestion[] }) {
  return (
    <section aria-labelledby="following-empty" className="rounded-xl border border-slate-200 bg-white p-6 text-center">
      <h2 id="following-empty" className="text-xl font-bold">
        No posts from people you follow yet
      </h2>
      <p className="mt-2 text-slate-700">Follow members and their new posts show up here, newest first.</p>
      {people.length ? (
        <>
          <h3 className="mt-5 font-semibold">Top contributors this week</h3>
          <ul className="mx-auto mt-2 max-w-md divide-y divide-slate-100 text-left">
            {people.map((p) => (
              <li key={p.id} className="flex items-center gap-3 py-2">
                <Link to={`/profile/${p.id}`} className="flex flex-1 items-center gap-3 hover:underline">
                  <Avatar name={p.username} size="sm" />
                  <span dir="auto" className="font-medium">{p.username}</span>
                  <span className="text-sm text-slate-600">{formatCount(p.upvotes)} upvotes</span>
                </Link>
                <FollowButton userId={p.id} name={p.username} initial={{ following: p.following, followersCount: 0 }} signedIn size="sm" />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-4">
          <Link to="/search?tab=users" className="font-semibold text-brand hover:underline">
            Find people to follow
          </Link>
        </p>
      )}
    </section>
  );
}
