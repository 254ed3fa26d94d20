import { useEffect, useRef, useState, type RefObject, type TextareaHTMLAttributes } from "react";
import type { UserResult } from "~/lib/browse.ts";

// A comment box that, with JavaScript, offers matching members after '@' (the site's member search,
// GET /api/search); picking one writes '@name '. Without JavaScript it is a plain textarea.

const TYPING_MENTION = /(?:^|[^\p{L}\p{N}_.+\-@])@([A-Za-z0-9_.-]{1,20})$/u;

export function MentionTextarea({
  value,
  onChange,
  ref,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  ref?: RefObject<HTMLTextAreaElement | null>;
}) {
  const own = useRef<HTMLTextAreaElement>(null);
  const box = ref ?? own;
  const [query, setQuery] = useState<{ name: string; end: number } | null>(null);
  const [members, setMembers] = useState<UserResult[]>([]);
  useEffect(() => {
    if (!query) return setMembers([]);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search?${new URLSearchParams({ q: query.name })}`, { signal: abort.signal })
        .then((r) => (r.ok ? r.json() : { users: [] }))
        .then((body: { users?: UserResult[] }) => setMembers((body.users ?? []).slice(0, 5)))
        .catch(() => setMembers([]));
    }, 150);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);
  const listId = `${props.id ?? "comment"}-mentions`;
  const pick = (username: string) => {
    if (!query) return;
    const start = query.end - query.name.length;
    const next = `${value.slice(0, start)}${username} ${value.slice(query.end)}`;
    onChange(next);
    setQuery(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      const caret = start + username.length + 1;
      box.current?.setSelectionRange(caret, caret);
    });
  };
  return (
    <div className="relative">
      <textarea
        ref={box}
        {...props}
        value={value}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text);
          const caret = event.target.selectionStart ?? text.length;
          const match = TYPING_MENTION.exec(text.slice(0, caret));
          setQuery(match ? { name: match[1], end: caret } : null);
        }}
        aria-controls={members.length > 0 ? listId : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {query && members.length > 0 ? (
        <ul id={listId} aria-label="Mention a member" className="absolute left-0 z-20 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {members.map((m) => (
            <li key={m.id}>
              <button type="button" onClick={() => pick(m.username)} className="block w-full px-3 py-1 text-left text-sm hover:bg-slate-100">
                @{m.username} <span className="text-slate-500">{m.displayName !== m.username ? m.displayName : ""}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
