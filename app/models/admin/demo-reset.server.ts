// 'Reset the demo account' (the admin dashboard): the shared demo account back to what the seed made
// of it, whatever its visitors did. One immediate transaction, logged.
import { eq, sql } from "drizzle-orm";
import { demoAccountPosts } from "#db/seed.ts";
import { blocks, hiddenPosts, listSettings, mutes, notifications, postReads, posts, saves, users } from "#db/schema.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { notFound } from "~/lib/problem.ts";
import { removeAccountContent } from "../account/removal.server.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { requireAdmin } from "../moderation/roles.server.ts";

const DEMO_MISSING = "This site has no demo account.";

// The seed's profile of the demo account (db/seed.ts).
const SEEDED_PROFILE = { displayName: "Demo User", bio: "Just here for the comments.", location: "London", occupation: null, website: null };

/**
 * An admin resets the demo account: everything its visitors made goes (posts, comments, votes,
 * saves, follows, blocks, mutes, hidden and read posts, its notifications; every counter corrected), its profile and its seeded
 * posts come back (new, so they start at the top of New). Sessions stay. Problems: forbidden (not an
 * admin), not_found (no demo account on this site).
 */
export function resetDemoAccount({ actorId, now = Date.now() }: { actorId: number; now?: number }): { posts: number } {
  return writeTransaction((tx) => {
    const admin = requireAdmin(tx, actorId);
    const demo = tx.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERNAME)).get();
    if (!demo) throw notFound(DEMO_MISSING);
    removeAccountContent(tx, demo.id);
    tx.delete(saves).where(eq(saves.userId, demo.id)).run();
    tx.delete(blocks).where(eq(blocks.blockerId, demo.id)).run();
    // What one visitor of the shared account muted or hid would hide it from the next.
    tx.delete(mutes).where(eq(mutes.userId, demo.id)).run();
    tx.delete(hiddenPosts).where(eq(hiddenPosts.userId, demo.id)).run();
    tx.delete(postReads).where(eq(postReads.userId, demo.id)).run();
    tx.delete(listSettings).where(eq(listSettings.userId, demo.id)).run();
    tx.delete(notifications).where(eq(notifications.userId, demo.id)).run();
    const seeded = demoAccountPosts();
    seeded.forEach((p, i) => {
      tx.insert(posts)
        .values({
          ...p,
          userId: demo.id,
          videoThumbnail: `https://i.ytimg.com/vi/${p.videoId}/hqdefault.jpg`,
          createdAt: new Date(now - (seeded.length - i) * 60_000),
          hot: sql`hot_score(0, 0, ${now - (seeded.length - i) * 60_000})`,
        })
        .run();
    });
    tx.update(users).set({ ...SEEDED_PROFILE, postsCount: seeded.length }).where(eq(users.id, demo.id)).run();
    appendModerationLog(tx, { admin, action: "reset_demo", target: { kind: "user", id: demo.id, label: DEMO_USERNAME } });
    return { posts: seeded.length };
  });
}
