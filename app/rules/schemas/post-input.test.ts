import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../lib/category-list.ts";
import { NewPostSchema, PostTitleSchema, SharePostSchema } from "./post-input.ts";

const VALID = {
  title: "  A title with spaces around  ",
  comment: "Funny",
  commentAuthor: "@someone",
  category: "Music",
  videoId: "dQw4w9WgXcQ",
  videoTitle: "Video",
  videoChannel: "Channel",
  videoThumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
};

const firstMessage = (input: unknown) => NewPostSchema.safeParse(input).error?.issues[0]?.message;

describe("NewPostSchema", () => {
  it("trims text, turns string statistics into numbers and ISO dates into Dates", () => {
    const post = NewPostSchema.parse({ ...VALID, videoViewCount: "8700000000", videoPublishedAt: "2017-01-12T19:06:32Z" });
    expect(post.title).toBe("A title with spaces around");
    expect(post.videoViewCount).toBe(8_700_000_000);
    expect(post.videoPublishedAt).toEqual(new Date("2017-01-12T19:06:32Z"));
    // The one strict date rule (app/lib/dates.ts): a date-time with its offset, a real one.
    expect(firstMessage({ ...VALID, videoPublishedAt: "2017-02-30T19:06:32Z" })).toBe("No such date: 2017-02-30T19:06:32Z.");
    expect(firstMessage({ ...VALID, videoPublishedAt: "2017-01-12" })).toBe("Video date must be an ISO 8601 date and time.");
    expect(firstMessage({ ...VALID, videoPublishedAt: "2017-01-12T19:06:32Zjunk" })).toBe("Video date must be an ISO 8601 date and time.");
  });

  it("makes the optional video facts null when left out or null", () => {
    expect(NewPostSchema.parse(VALID)).toMatchObject({ videoViewCount: null, videoPublishedAt: null });
    expect(NewPostSchema.parse({ ...VALID, videoViewCount: null, videoPublishedAt: null })).toMatchObject({
      videoViewCount: null,
      videoPublishedAt: null,
    });
  });

  it("takes exactly the 20 categories", () => {
    for (const category of CATEGORIES) expect(NewPostSchema.safeParse({ ...VALID, category }).success).toBe(true);
    expect(firstMessage({ ...VALID, category: "Uncategorized" })).toBe("Please choose one of the categories.");
  });

  it("holds the limits: title 3–200, comment 1–500, author 1–100", () => {
    const ok = (change: object) => NewPostSchema.safeParse({ ...VALID, ...change }).success;
    expect([ok({ title: "abc" }), ok({ title: "t".repeat(200) }), ok({ title: "ab" }), ok({ title: "t".repeat(201) })]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([ok({ comment: "c" }), ok({ comment: "c".repeat(500) }), ok({ comment: "c".repeat(501) })]).toEqual([true, true, false]);
    expect([ok({ commentAuthor: "a" }), ok({ commentAuthor: "a".repeat(100) }), ok({ commentAuthor: "a".repeat(101) })]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("speaks docs/product.md §5's words for missing fields", () => {
    expect(firstMessage({ ...VALID, title: "" })).toBe("Please enter a post title.");
    expect(firstMessage({ ...VALID, comment: undefined })).toBe("Please fill out all fields.");
    expect(firstMessage({ ...VALID, commentAuthor: "  " })).toBe("Please fill out all fields.");
    expect(firstMessage({ ...VALID, category: "" })).toBe("Please fill out all fields.");
    expect(firstMessage({ ...VALID, videoId: "dQw4w9WgXc" })).toBe("Please enter a valid YouTube video URL.");
  });

  it("accepts the id 'unknown' and only https thumbnails", () => {
    expect(NewPostSchema.safeParse({ ...VALID, videoId: "unknown" }).success).toBe(true);
    expect(firstMessage({ ...VALID, videoThumbnail: "http://i.ytimg.com/x.jpg" })).toBe("Video thumbnail must be an https URL.");
    expect(firstMessage({ ...VALID, videoThumbnail: "data:image/png;base64,AAAA" })).toBe("Video thumbnail must be an https URL.");
    expect(firstMessage({ ...VALID, videoThumbnail: "https://tracker.example/pixel.gif" })).toBe(
      "Video thumbnail must be a YouTube image (i.ytimg.com).",
    );
    expect(firstMessage({ ...VALID, videoThumbnail: "https://i9.ytimg.com/vi/x/mqdefault.jpg" })).toBeUndefined();
  });
});

describe("SharePostSchema (what a client submits)", () => {
  it("keeps the text and the video id and drops every video fact a client sends", () => {
    const parsed = SharePostSchema.parse({ ...VALID, videoViewCount: "999", videoPublishedAt: "2001-01-01T00:00:00Z" });
    expect(parsed).toEqual({ title: "A title with spaces around", comment: "Funny", commentAuthor: "@someone", category: "Music", videoId: "dQw4w9WgXcQ", videoStart: null });
  });

  it("applies the one title rule, alone or with the rest", () => {
    for (const title of ["", "ab", "t".repeat(201)]) {
      const alone = PostTitleSchema.safeParse({ title }).error?.issues[0]?.message;
      expect(alone).toBeDefined();
      expect(SharePostSchema.safeParse({ ...VALID, title }).error?.issues[0]?.message).toBe(alone);
      expect(firstMessage({ ...VALID, title })).toBe(alone);
    }
  });
});
