import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.server.ts";
import { recountAll } from "./recount.ts";
import { comments, follows, posts, users, votes } from "./schema.ts";

/**
 * The password of the shared demo account (demo_user), published in the README. It is the only seeded
 * account anyone can sign into (docs/decisions/0072).
 */
export const DEMO_PASSWORD = "chortle-demo";

/** How the password hash of the seed's other members begins: no password verifies it. */
export const SEEDED_MEMBER_HASH_PREFIX = "!seeded:";

/**
 * A password hash for one of the seed's other members: not a hash of any password (the password
 * checker refuses it before comparing), with 32 random bytes so no two rows share it. Never printed.
 */
export function seededMemberHash(): string {
  return `${SEEDED_MEMBER_HASH_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
}

const PEOPLE = [
  ["demo_user", "Demo User", "Just here for the comments."],
  ["gigglequeen", "Giggle Queen", "Collector of fine internet comments since 2009."],
  ["snortlaugh", "Snort Laugh", "If it made me snort, it goes here."],
  ["quipmaster", "Quip Master", "Professional lurker, amateur critic."],
  ["lol_larry", "Larry", "I read the comments so you don't have to."],
  ["meme_maven", "Meme Maven", null],
  ["chucklehead", "Chuckle Head", "Cooking videos and their unhinged comment sections."],
  ["punny_penny", "Penny", "Puns are my love language."],
  ["haha_hank", "Hank", null],
] as const;

// [category, title, comment, commentAuthor, videoId, videoTitle, channel, views]
const POSTS: [string, string, string, string, string, string, string, number][] = [
  ["Music", "The commitment is unmatched", "I came here to get rickrolled on purpose. Who's the real winner now?", "@NeverGonnaGiveUp", "dQw4w9WgXcQ", "Rick Astley - Never Gonna Give You Up (Official Music Video)", "Rick Astley", 1_600_000_000],
  ["Comedy", "History's most relatable sentence", "18 years later and this is still the most honest review of elephants ever made.", "@zoo_enjoyer", "jNQXAC9IVRw", "Me at the zoo", "jawed", 340_000_000],
  ["Music", "A generation's workout plan", "My grandma does this dance at every family wedding and nobody has the heart to stop her.", "@HorseRiderDad", "9bZkp7q19f0", "PSY - GANGNAM STYLE(강남스타일) M/V", "officialpsy", 5_200_000_000],
  ["Music", "Language barrier: removed", "I don't speak Spanish but I know every single word of this song. Don't ask me what they mean.", "@SingAlongSam", "kJQP7kiw5Fk", "Luis Fonsi - Despacito ft. Daddy Yankee", "LuisFonsiVEVO", 8_700_000_000],
  ["Music", "Don't believe me, just watch", "This song makes me think I can dance. I cannot. My downstairs neighbour can confirm.", "@TwoLeftFeet", "OPf0YbXqDm0", "Mark Ronson - Uptown Funk (Official Video) ft. Bruno Mars", "Mark Ronson", 5_300_000_000],
  ["Gaming", "Every LAN party ever", "What song is this? — Darude, Sandstorm. — No, the name of the song. — Darude, Sandstorm.", "@RequestLine", "y6120QOlsfU", "Darude - Sandstorm", "Darude", 290_000_000],
  ["Animation", "He-Man has never been the same", "I showed this to my therapist. Now we both need therapy.", "@WhatsGoingOn", "ZZ5LpwO-An4", "HEYYEYAAEYAA", "slackcircus", 190_000_000],
  ["Music", "Lyrics not required", "This man didn't need words to become a legend. I can't even get my order right at a drive-through.", "@TrololoFan", "2Z4m4lnjxkY", "Eduard Khil - Trololo (I am Glad, 'cause I'm Finally Returning Back Home)", "CONTRACT1908", 45_000_000],
  ["Animation", "Ten hours was not enough", "My cat watched this with me for the full video. She now refuses to eat anything but pop tarts.", "@PopTartPurr", "QH2-TGUlwu4", "Nyan Cat [original]", "saraj00n", 220_000_000],
  ["Movies", "Somebody once told me", "My kid asked me what an ogre is and I just pressed play. Parenting done.", "@SwampDad", "L_jWHffIx5E", "Smash Mouth - All Star (Official Music Video)", "Smash Mouth", 620_000_000],
  ["Music", "The car scene, every time", "Is this the real life? Is this just my 7am commute with the windows down?", "@ScaramouchePlz", "fJ9rUzIMcZQ", "Queen – Bohemian Rhapsody (Official Video Remastered)", "Queen Official", 1_900_000_000],
  ["Inspirational", "Crying at the gym again", "Listening to this while lifting weights because I want to cry and be strong at the same time.", "@SadBulk", "RgKAFK5djSk", "Wiz Khalifa - See You Again ft. Charlie Puth [Official Video] Furious 7 Soundtrack", "Wiz Khalifa", 6_100_000_000],
  ["Music", "Maths class flashbacks", "My calculator plays this when I divide by zero.", "@SohCahToa", "JGwWNGJdvx8", "Ed Sheeran - Shape of You (Official Music Video)", "Ed Sheeran", 6_200_000_000],
  ["Gaming", "Respawn energy", "Me after my team says 'one more game' at 3am.", "@OneMoreRound", "60ItHLz5WEA", "Alan Walker - Faded", "Alan Walker", 3_700_000_000],
  ["Cooking", "Chef's kiss to the recipe critic", "I substituted the flour for sand and the eggs for rocks. Tasted terrible. One star.", "@ReviewBeforeCooking", "dQw4w9WgXcQ", "Rick Astley - Never Gonna Give You Up (Official Music Video)", "Rick Astley", 1_600_000_000],
  ["DIY", "Measure once, cry twice", "Followed this tutorial exactly. My shelf is now a ramp. My cat loves it.", "@CrookedCarpenter", "jNQXAC9IVRw", "Me at the zoo", "jawed", 340_000_000],
  ["Science", "Peer review, internet style", "As a scientist, I can confirm that this video contains atoms.", "@LabCoatLarry", "QH2-TGUlwu4", "Nyan Cat [original]", "saraj00n", 220_000_000],
  ["Technology", "Have you tried turning it off", "My router has been playing this for 6 hours and I'm afraid to unplug it.", "@ITCrowdFan", "y6120QOlsfU", "Darude - Sandstorm", "Darude", 290_000_000],
  ["Sports", "Peak athletic performance", "I did this dance once and my smartwatch congratulated me on completing a marathon.", "@CouchOlympian", "9bZkp7q19f0", "PSY - GANGNAM STYLE(강남스타일) M/V", "officialpsy", 5_200_000_000],
  ["Education", "Learned more here than at school", "My Spanish teacher played this on the first day and said 'that's the course, good luck'.", "@ClassClown", "kJQP7kiw5Fk", "Luis Fonsi - Despacito ft. Daddy Yankee", "LuisFonsiVEVO", 8_700_000_000],
  ["Animals", "The dog has opinions", "My dog howls only during the high note. He's been a Queen fan longer than me.", "@GoodBoyGary", "fJ9rUzIMcZQ", "Queen – Bohemian Rhapsody (Official Video Remastered)", "Queen Official", 1_900_000_000],
  ["Fail", "Confidence without skill", "Tried the dance at my wedding. The photographer still sends me the pictures as a threat.", "@BrideOfChaos", "OPf0YbXqDm0", "Mark Ronson - Uptown Funk (Official Video) ft. Bruno Mars", "Mark Ronson", 5_300_000_000],
  ["Prank", "The long con", "I put this as my ringtone and told my boss it's a medical condition.", "@OfficeLegend", "2Z4m4lnjxkY", "Eduard Khil - Trololo (I am Glad, 'cause I'm Finally Returning Back Home)", "CONTRACT1908", 45_000_000],
  ["Reaction", "A reaction to the reactions", "Watching people react to this is my cardio.", "@ReactionReactor", "ZZ5LpwO-An4", "HEYYEYAAEYAA", "slackcircus", 190_000_000],
  ["Kids", "Toddler approved", "My 3-year-old calls this 'the green man song' and demands it at every meal.", "@TiredParent", "L_jWHffIx5E", "Smash Mouth - All Star (Official Music Video)", "Smash Mouth", 620_000_000],
  ["Travel", "Airport essentials", "Played this on a delayed flight. Now the whole gate knows the words.", "@GateB12", "RgKAFK5djSk", "Wiz Khalifa - See You Again ft. Charlie Puth [Official Video] Furious 7 Soundtrack", "Wiz Khalifa", 6_100_000_000],
  ["Beauty", "Five-minute makeup", "Did my makeup to this song. Left the house looking like the album cover.", "@GlamGoblin", "JGwWNGJdvx8", "Ed Sheeran - Shape of You (Official Music Video)", "Ed Sheeran", 6_200_000_000],
  ["Politics", "Finally, bipartisan agreement", "The only thing everyone in my family agrees on is that this song slaps.", "@ThanksgivingPeace", "fJ9rUzIMcZQ", "Queen – Bohemian Rhapsody (Official Video Remastered)", "Queen Official", 1_900_000_000],
  ["Comedy", "Comment section unhinged", "Not me reading the comments while the video is still buffering.", "@BufferingBill", "60ItHLz5WEA", "Alan Walker - Faded", "Alan Walker", 3_700_000_000],
  ["Gaming", "Speedrun strats", "Any% rickroll: got here in 4 clicks from a cooking tutorial.", "@SpeedrunSally", "dQw4w9WgXcQ", "Rick Astley - Never Gonna Give You Up (Official Music Video)", "Rick Astley", 1_600_000_000],
  ["Movies", "Cinema at its finest", "This has better plot development than the last three films I paid to see.", "@FilmBuffBuff", "jNQXAC9IVRw", "Me at the zoo", "jawed", 340_000_000],
  ["Cooking", "Seasoning report", "Whoever is cutting onions during this video, please stop.", "@OnionNinja", "RgKAFK5djSk", "Wiz Khalifa - See You Again ft. Charlie Puth [Official Video] Furious 7 Soundtrack", "Wiz Khalifa", 6_100_000_000],
  ["Technology", "Debugging soundtrack", "My code compiled on the first try while this was playing. Coincidence? I think not.", "@SegFaultSteve", "OPf0YbXqDm0", "Mark Ronson - Uptown Funk (Official Video) ft. Bruno Mars", "Mark Ronson", 5_300_000_000],
  ["Animals", "A bird's perspective", "My parrot learned the chorus. He won't learn his own name but he knows this.", "@PollyWantsPop", "9bZkp7q19f0", "PSY - GANGNAM STYLE(강남스타일) M/V", "officialpsy", 5_200_000_000],
  ["Science", "Physics has left the chat", "The cat travels at the speed of rainbow. Scientists hate this one trick.", "@QuantumMeow", "QH2-TGUlwu4", "Nyan Cat [original]", "saraj00n", 220_000_000],
  ["DIY", "Home improvement anthem", "Put this on while assembling furniture. Ended up with a chair and four spare screws.", "@FlatPackFury", "y6120QOlsfU", "Darude - Sandstorm", "Darude", 290_000_000],
  ["Sports", "Halftime show we deserve", "If this isn't played at the next final I'm writing a strongly worded comment.", "@StadiumVoice", "kJQP7kiw5Fk", "Luis Fonsi - Despacito ft. Daddy Yankee", "LuisFonsiVEVO", 8_700_000_000],
  ["Education", "Vocabulary lesson", "Learned the word 'trololo' and used it in my thesis. Got an A.", "@PhDinMemes", "2Z4m4lnjxkY", "Eduard Khil - Trololo (I am Glad, 'cause I'm Finally Returning Back Home)", "CONTRACT1908", 45_000_000],
  ["Inspirational", "Keep going", "When life gets hard, remember: he kept walking to find the ogre swamp.", "@MotivationalShrek", "L_jWHffIx5E", "Smash Mouth - All Star (Official Music Video)", "Smash Mouth", 620_000_000],
  ["Comedy", "Peak internet", "Everyone in this comment section is a comedian and I'm the audience.", "@FrontRowFred", "ZZ5LpwO-An4", "HEYYEYAAEYAA", "slackcircus", 190_000_000],
];

/**
 * The day each seeded video went up on YouTube, as its watch page gives it (YouTube's dates are in
 * California's time: "Me at the zoo" went up at 8:31 pm on 23 April 2005 there), stored at noon UTC
 * so that every reader from UTC−11 to UTC+11 sees that day. null where the day is not known for
 * certain: the card then shows the views alone. Titles and channels are the videos' own.
 */
const PUBLISHED: Record<string, string | null> = {
  jNQXAC9IVRw: "2005-04-23", // Me at the zoo, the first video on YouTube
  dQw4w9WgXcQ: null, // late on 24 October 2009 in California, the 25th in UTC: which day YouTube shows varies
  "9bZkp7q19f0": "2012-07-15",
  kJQP7kiw5Fk: "2017-01-12",
  OPf0YbXqDm0: "2014-11-19",
  y6120QOlsfU: null,
  "ZZ5LpwO-An4": null,
  "2Z4m4lnjxkY": null,
  "QH2-TGUlwu4": "2011-04-05",
  L_jWHffIx5E: null,
  fJ9rUzIMcZQ: "2008-08-01",
  RgKAFK5djSk: "2015-04-06",
  JGwWNGJdvx8: "2017-01-30",
  "60ItHLz5WEA": "2015-12-03",
};

/** When a seeded video was published (see PUBLISHED), or null. */
export function seededVideoPublishedAt(videoId: string): Date | null {
  const day = PUBLISHED[videoId];
  return day ? new Date(`${day}T12:00:00Z`) : null;
}

const REPLIES = [
  "I laughed way too hard at this.",
  "This is the best comment on the whole internet.",
  "Underrated comment right here.",
  "I can't breathe 😂",
  "Okay this one got me.",
  "Saving this forever.",
  "My coworkers are looking at me funny now.",
  "The accuracy is painful.",
  "Came here to say exactly this.",
  "Not the reply I expected but the one I needed.",
];

/** The posts the seed gives the demo account (the first person), as the seed writes them. */
export function demoAccountPosts(): { category: string; title: string; comment: string; commentAuthor: string; videoId: string; videoTitle: string; videoChannel: string; videoViewCount: number; videoPublishedAt: Date | null }[] {
  return POSTS.filter((_, i) => (i * 5 + 1) % PEOPLE.length === 0).map(
    ([category, title, comment, commentAuthor, videoId, videoTitle, videoChannel, videoViewCount]) => ({
      category,
      title,
      comment,
      commentAuthor,
      videoId,
      videoTitle,
      videoChannel,
      videoViewCount,
      videoPublishedAt: seededVideoPublishedAt(videoId),
    }),
  );
}

/** A small deterministic random generator so every fresh seed looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Seeds demo content into an empty database: about 9 users, 40 posts over the last months, with
 * comments, replies, votes and follows. Does nothing (returns null) when any user exists.
 */
export function seedDemo(
  db: Db,
  { hashPassword, now = Date.now() }: { hashPassword: (password: string) => string; now?: number },
): { users: number; posts: number } | null {
  const existing = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM users`);
  if (existing && existing.n > 0) return null;
  const random = rng(42);
  const demoHash = hashPassword(DEMO_PASSWORD);
  const DAY = 24 * 60 * 60 * 1000;

  db.transaction(
    (tx) => {
      const userIds = PEOPLE.map(([username, displayName, bio], i) =>
        tx
          .insert(users)
          .values({
            username,
            displayName,
            bio,
            email: `${username}@example.com`,
            // Only the shared demo account (the first person) has a password anyone knows.
            passwordHash: i === 0 ? demoHash : seededMemberHash(),
            location: i % 3 === 0 ? "London" : null,
            createdAt: new Date(now - (200 - i * 7) * DAY),
          })
          .returning({ id: users.id })
          .get().id,
      );

      POSTS.forEach(([category, title, comment, commentAuthor, videoId, videoTitle, videoChannel, views], i) => {
        // Newest first in the list: the first few are from today and this week.
        const age = i < 4 ? i * 3 * 60 * 60 * 1000 : i < 12 ? (i - 3) * 0.8 * DAY : (i - 10) * 4 * DAY;
        const createdAt = now - age - Math.floor(random() * 60 * 60 * 1000);
        const authorIndex = (i * 5 + 1) % userIds.length;
        const postId = tx
          .insert(posts)
          .values({
            userId: userIds[authorIndex],
            title,
            category,
            comment,
            commentAuthor,
            videoId,
            videoTitle,
            videoChannel,
            videoThumbnail: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
            videoViewCount: views,
            videoPublishedAt: seededVideoPublishedAt(videoId),
            createdAt: new Date(createdAt),
          })
          .returning({ id: posts.id })
          .get().id;

        // Votes: every other user votes with a leaning towards up.
        userIds.forEach((voterId, v) => {
          if (v === authorIndex || random() < 0.25) return;
          tx.insert(votes)
            .values({ userId: voterId, postId, isUpvote: random() < 0.85, createdAt: new Date(createdAt + (v + 1) * 60_000) })
            .run();
        });

        // Comments with a reply or two, then the odd reply to a reply.
        const commentCount = i % 7 === 6 ? 0 : 1 + Math.floor(random() * 4);
        for (let c = 0; c < commentCount; c++) {
          const commenter = userIds[(authorIndex + c + 1) % userIds.length];
          // Comments follow their post, but never later than a few minutes ago.
          const at = Math.min(createdAt + (c + 1) * 15 * 60_000, now - (40 - c * 5) * 60_000);
          const topId = tx
            .insert(comments)
            .values({ postId, userId: commenter, content: REPLIES[(i + c) % REPLIES.length], createdAt: new Date(at) })
            .returning({ id: comments.id })
            .get().id;
          if (random() < 0.6) {
            const replier = userIds[(authorIndex + c + 3) % userIds.length];
            const replyId = tx
              .insert(comments)
              .values({
                postId,
                parentId: topId,
                userId: replier,
                content: REPLIES[(i + c + 4) % REPLIES.length],
                createdAt: new Date(at + 10 * 60_000),
              })
              .returning({ id: comments.id })
              .get().id;
            tx.insert(votes).values({ userId: commenter, commentId: replyId, isUpvote: true }).run();
            if (random() < 0.4) {
              tx.insert(comments)
                .values({
                  postId,
                  parentId: replyId,
                  userId: commenter,
                  content: "Ha! Fair point.",
                  createdAt: new Date(at + 20 * 60_000),
                })
                .run();
            }
          }
          userIds.forEach((voterId) => {
            if (voterId === commenter || random() < 0.5) return;
            tx.insert(votes).values({ userId: voterId, commentId: topId, isUpvote: random() < 0.8 }).run();
          });
        }
      });

      // A few follows so profiles have counts.
      for (let a = 0; a < userIds.length; a++) {
        for (let b = 0; b < userIds.length; b++) {
          if (a !== b && (a + b) % 3 === 0) tx.insert(follows).values({ followerId: userIds[a], followingId: userIds[b] }).run();
        }
      }
      recountAll(tx as unknown as Db);
    },
    { behavior: "immediate" },
  );
  return { users: PEOPLE.length, posts: POSTS.length };
}
