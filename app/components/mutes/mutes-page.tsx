import { Form } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/input.tsx";
import type { PostView } from "~/lib/browse.ts";
import { CATEGORIES, DEFAULT_CATEGORY } from "~/lib/category-list.ts";
import { MAX_MUTE_LENGTH, type MuteKind, type MuteView } from "~/rules/mute-rules.ts";

// The /mutes page: what is muted (with Unmute), forms to mute more, 'Hide what I've read', and the
// Hidden tab. Plain forms (POST → 303 → toast), so every one works without JavaScript.

type Props = {
  signedIn: boolean;
  tab: "muted" | "hidden";
  mutes: MuteView[];
  hideRead: boolean;
  hidden: PostView[];
  confirm: { kind: MuteKind; value: string; label: string } | null;
  post: { id: number; title: string; authorId: number | null; username: string; category: string } | null;
};

const KIND_LABEL: Record<MuteKind, string> = { word: "Word or phrase", member: "Member", category: "Category" };

export function MutesPage({ signedIn, tab, mutes, hideRead, hidden, confirm, post }: Props) {
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Mutes and hidden posts</h1>
      {signedIn ? (
        <nav aria-label="Mutes and hidden posts" className="border-b border-slate-200">
          <ul className="flex gap-1">
            <li>
              <Link to="/mutes" aria-current={tab === "muted" ? "page" : undefined} className={tab === "muted" ? "tab on" : "tab"}>
                Muted
              </Link>
            </li>
            <li>
              <Link to="/mutes?tab=hidden" aria-current={tab === "hidden" ? "page" : undefined} className={tab === "hidden" ? "tab on" : "tab"}>
                Hidden
              </Link>
            </li>
          </ul>
        </nav>
      ) : (
        <p className="text-sm text-slate-600">
          Your mutes are kept in this browser. <Link to="/auth?signin=true" className="underline">Sign in</Link> to mute members and keep them everywhere.
        </p>
      )}
      {confirm ? <ConfirmMute {...confirm} /> : null}
      {post ? <PostChoices post={post} signedIn={signedIn} /> : null}
      {tab === "hidden" ? <HiddenPosts posts={hidden} /> : <Muted signedIn={signedIn} mutes={mutes} hideRead={hideRead} />}
    </section>
  );
}

function ConfirmMute({ kind, value, label }: { kind: MuteKind; value: string; label: string }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-mute-title" className="card space-y-3 border-amber-300">
      <h2 id="confirm-mute-title" className="font-semibold">
        {kind === "member" ? `Mute @${label}?` : kind === "category" ? `Mute the ${label} category?` : `Mute “${label}”?`}
      </h2>
      <p className="text-sm text-slate-700">Their posts and comments leave your lists, feeds and notifications. You can unmute here at any time.</p>
      <Form method="post" action="/mutes" className="flex gap-2">
        <input type="hidden" name="intent" value="mute" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="value" value={value} />
        <button type="submit" className={buttonClass({ variant: "danger" })}>
          Mute
        </button>
        <Link to="/mutes" className={buttonClass({ variant: "secondary" })}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}

/** A card's 'Hide or mute…': hide the post, mute its author, mute its category (each a plain form). */
function PostChoices({ post, signedIn }: { post: NonNullable<Props["post"]>; signedIn: boolean }) {
  const mute = (kind: MuteKind, value: string | number, label: string) => (
    <Form method="post" action="/mutes">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="value" value={value} />
      <button type="submit" name="intent" value="mute" className={buttonClass({ variant: "secondary" })}>
        {label}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby="post-choices" className="card space-y-3 border-amber-300">
      <h2 id="post-choices" className="font-semibold" dir="auto">
        {`Hide or mute “${post.title}”`}
      </h2>
      <div className="flex flex-wrap gap-2">
        {signedIn ? (
          <Form method="post" action={`/post/${post.id}/hide`}>
            <button type="submit" name="intent" value="hide" className={buttonClass({ variant: "secondary" })}>
              Hide this post
            </button>
          </Form>
        ) : null}
        {signedIn && post.authorId !== null ? mute("member", post.authorId, `Mute @${post.username}`) : null}
        {mute("category", post.category, `Mute ${post.category}`)}
        <Link to={`/post/${post.id}`} className={buttonClass({ variant: "ghost" })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}

function Muted({ signedIn, mutes, hideRead }: { signedIn: boolean; mutes: MuteView[]; hideRead: boolean }) {
  return (
    <>
      {signedIn ? (
        <Form method="post" action="/mutes" className="card flex items-center justify-between gap-3">
          <p>
            <span className="font-semibold">Hide what I've read</span>
            <span className="block text-sm text-slate-600">A post counts as read once you opened its page.</span>
          </p>
          <button type="submit" name="intent" value={hideRead ? "show-read" : "hide-read"} role="switch" aria-checked={hideRead} aria-label="Hide what I've read" className={buttonClass({ variant: hideRead ? "primary" : "secondary", size: "sm" })}>
            {hideRead ? "On" : "Off"}
          </button>
        </Form>
      ) : null}
      <div className="card space-y-3">
        <h2 className="font-semibold">Mute</h2>
        <MuteForm kind="word" label="A word or phrase (whole words, any case or accent)" />
        {signedIn ? <MuteForm kind="member" label="A member (their username)" /> : null}
        <Form method="post" action="/mutes" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="mute" />
          <input type="hidden" name="kind" value="category" />
          <label className="flex-1 text-sm">
            A category
            <select name="value" className={inputClass} defaultValue="">
              <option value="" disabled>
                Choose a category
              </option>
              {[...CATEGORIES, DEFAULT_CATEGORY].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            Mute category
          </button>
        </Form>
      </div>
      <section aria-labelledby="muted-list" className="card">
        <h2 id="muted-list" className="font-semibold">
          Muted
        </h2>
        {mutes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing muted yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Muted">
            {mutes.map((m) => (
              <li key={`${m.kind}-${m.id}-${m.value}`} className="flex items-center justify-between gap-2 py-2">
                <span>
                  <span className="text-xs text-slate-500">{KIND_LABEL[m.kind]}</span> <span dir="auto">{m.kind === "member" ? `@${m.label}` : m.label}</span>
                </span>
                <Form method="post" action="/mutes">
                  <input type="hidden" name="intent" value="unmute" />
                  {m.id ? <input type="hidden" name="id" value={m.id} /> : null}
                  <input type="hidden" name="kind" value={m.kind} />
                  <input type="hidden" name="value" value={m.value} />
                  <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })} aria-label={`Unmute ${m.label}`}>
                    Unmute
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function MuteForm({ kind, label }: { kind: "word" | "member"; label: string }) {
  const id = `mute-${kind}`;
  return (
    <Form method="post" action="/mutes" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="mute" />
      <input type="hidden" name="kind" value={kind} />
      <label className="flex-1 text-sm">
        {label}
        <input id={id} type="text" name="value" required maxLength={MAX_MUTE_LENGTH} className={inputClass} autoComplete="off" dir="auto" />
      </label>
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        {kind === "word" ? "Mute word" : "Mute member"}
      </button>
    </Form>
  );
}

function HiddenPosts({ posts }: { posts: PostView[] }) {
  if (posts.length === 0) return <p className="card text-sm text-slate-600">No hidden posts.</p>;
  return (
    <ul className="card divide-y divide-slate-100" aria-label="Hidden posts">
      {posts.map((p) => (
        <li key={p.id} id={`hidden-${p.id}`} className="flex items-center justify-between gap-2 py-2">
          <Link to={`/post/${p.id}`} className="underline" dir="auto">
            {p.title}
          </Link>
          <Form method="post" action={`/post/${p.id}/hide`}>
            <input type="hidden" name="intent" value="unhide" />
            <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
              Show again
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
