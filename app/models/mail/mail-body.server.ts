// The words of each mail, as plain text and as HTML (every piece of member text escaped and marked
// dir="auto", so a right-to-left title reads the right way round). Links are absolute: the site's
// PUBLIC_URL.
import { getEnv } from "../../integrations/env.server.ts";

export type MailBody = { subject: string; text: string; html: string };
/** One notice: its message and link, and the links under it (a removal: the appeal, the public log). */
export type NoticeLine = { message: string; href: string; more?: { label: string; href: string }[] };
export type DigestPost = { title: string; comment: string; commentAuthor: string; score: number; href: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function frame({ heading, items, footer }: { heading: string; items: string[]; footer: { unsubscribe: string; preferences: string; what: string } }): string {
  return [
    "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\">",
    `<p>${escape(heading)}</p>`,
    `<ul>${items.join("")}</ul>`,
    `<p style="font-size:12px;color:#555">You get this because you turned on ${escape(footer.what)} by e-mail. `,
    `<a href="${escape(footer.unsubscribe)}">Unsubscribe</a> · <a href="${escape(footer.preferences)}">E-mail preferences</a></p>`,
    "</body></html>",
  ].join("");
}

function textFooter(unsubscribe: string, preferences: string, what: string): string[] {
  return ["", "--", `You get this because you turned on ${what} by e-mail.`, `Unsubscribe: ${unsubscribe}`, `E-mail preferences: ${preferences}`];
}

/** A few minutes of notices in one mail. */
export function noticesMail({ username, lines, unsubscribe, preferences }: { username: string; lines: NoticeLine[]; unsubscribe: string; preferences: string }): MailBody {
  const site = getEnv().SITE_NAME;
  const what = "notices";
  const subject = lines.length === 1 ? `${lines[0].message} · ${site}` : `${lines.length} new notifications on ${site}`;
  const heading = `Hi ${username}, here is what happened on ${site}:`;
  return {
    subject,
    text: [heading, "", ...lines.flatMap((l) => [`- ${l.message}`, `  ${l.href}`, ...(l.more ?? []).map((m) => `  ${m.label}: ${m.href}`)]), ...textFooter(unsubscribe, preferences, what)].join("\n"),
    html: frame({
      heading,
      items: lines.map((l) => `<li><a href="${escape(l.href)}" dir="auto">${escape(l.message)}</a>${(l.more ?? []).map((m) => ` · <a href="${escape(m.href)}">${escape(m.label)}</a>`).join("")}</li>`),
      footer: { unsubscribe, preferences, what },
    }),
  };
}

/** The weekly digest: the funniest posts the member has not seen. */
export function digestMail({ username, posts, unsubscribe, preferences }: { username: string; posts: DigestPost[]; unsubscribe: string; preferences: string }): MailBody {
  const site = getEnv().SITE_NAME;
  const what = "the weekly digest";
  const heading = `Hi ${username}, the funniest posts on ${site} this week that you have not seen:`;
  return {
    subject: `This week's funniest on ${site}`,
    text: [
      heading,
      "",
      ...posts.flatMap((p) => [`- ${p.title} (score ${p.score})`, `  “${p.comment}” — ${p.commentAuthor}`, `  ${p.href}`]),
      ...textFooter(unsubscribe, preferences, what),
    ].join("\n"),
    html: frame({
      heading,
      items: posts.map(
        (p) =>
          `<li><a href="${escape(p.href)}" dir="auto">${escape(p.title)}</a> (score ${p.score})<br><q dir="auto">${escape(p.comment)}</q> — <span dir="auto">${escape(p.commentAuthor)}</span></li>`,
      ),
      footer: { unsubscribe, preferences, what },
    }),
  };
}
