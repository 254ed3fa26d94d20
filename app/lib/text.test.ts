import { describe, expect, it } from "vitest";
import { CommentApiSchema } from "../rules/schemas/interact.ts";
import { PostTextSchema } from "../rules/schemas/post-input.ts";
import { ProfileUpdateSchema } from "../rules/schemas/profile-input.ts";
import { cleanText, ellipsize, hasLoneSurrogate, isInvisible, truncateVisible, visibleLength } from "./text.ts";

const ZWSP = "\u200B";
const RLO = "\u202E";

describe("one normalisation for every text input", () => {
  it("NFC, no control characters but newline and tab, no bidi overrides, CRLF as LF, trimmed", () => {
    expect(cleanText("Cafe\u0301")).toBe("Café");
    expect(cleanText("a\u0000b\u0007c\u009Fd")).toBe("abcd");
    expect(cleanText(`${RLO}gnp.exe\u2066x\u2069`)).toBe("gnp.exex");
    expect(cleanText("  one\r\ntwo\tthree \n")).toBe("one\ntwo\tthree");
  });

  it("counts what a person sees", () => {
    expect(visibleLength("plain")).toBe(5);
    expect(visibleLength("😂".repeat(600))).toBe(600);
    expect(visibleLength("👍🏽👨‍👩‍👧")).toBe(2);
    expect(truncateVisible("ab😂cd", 3)).toBe("ab😂");
    expect(hasLoneSurrogate(truncateVisible("😂😂", 1))).toBe(false);
  });

  it("knows invisible-only text and unpaired surrogates", () => {
    expect(isInvisible(`${ZWSP}${ZWSP} \u2060\uFEFF`)).toBe(true);
    expect(isInvisible(`${ZWSP}a`)).toBe(false);
    expect(hasLoneSurrogate("a\uD83Db")).toBe(true);
    expect(hasLoneSurrogate("\uDE02")).toBe(true);
    expect(hasLoneSurrogate("😂")).toBe(false);
  });
});

describe("the shared schemas use it", () => {
  const comment = (content: string) => CommentApiSchema.safeParse({ postId: 1, content });
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("a comment of zero-width spaces is empty; one of 600 emoji fits; 1001 characters do not", () => {
    expect(message(comment(ZWSP.repeat(20)))).toBe("Comment cannot be empty");
    expect(message(comment(`ab${ZWSP}${ZWSP}`))).toBe("Comment too short");
    const emoji = comment("😂".repeat(600));
    expect(emoji.success).toBe(true);
    expect(message(comment("😂".repeat(1001)))).toBe("Comment must be at most 1000 characters");
  });

  it("stores no NUL, refuses unpaired surrogates, takes overrides out of titles", () => {
    expect(comment("null\u0000 byte here").data?.content).toBe("null byte here");
    expect(message(comment("broken \uD83D text"))).toBe("Text contains characters that are not allowed.");
    const post = PostTextSchema.parse({ title: `${RLO}A spoofed title`, comment: "c", commentAuthor: `@a${RLO}b`, category: "Comedy" });
    expect(post.title).toBe("A spoofed title");
    expect(post.commentAuthor).toBe("@ab");
  });

  it("a profile field of invisible characters clears it", () => {
    expect(ProfileUpdateSchema.parse({ bio: `${ZWSP} ${ZWSP}`, displayName: "Ana\u0301" })).toMatchObject({ bio: null, displayName: "Aná" });
  });
});

describe("ellipsize (the preview picture's cut, the alt text's)", () => {
  it("keeps a text that fits, white space made one space", () => {
    expect(ellipsize("  a\n\n b\tc ", 5)).toBe("a b c");
  });

  it("cuts past the width with an ellipsis, never inside an emoji, each character counting its width", () => {
    expect(ellipsize("abcdef", 3)).toBe("abc…");
    expect(ellipsize("ab cdef", 3)).toBe("ab…");
    const family = "👨‍👩‍👧";
    expect(ellipsize(`${family}${family}${family}`, 2)).toBe(`${family}${family}…`);
    expect(ellipsize(`${family}${family}x`, 5, (g) => (g === family ? 3 : 1))).toBe(`${family}…`);
  });
});
