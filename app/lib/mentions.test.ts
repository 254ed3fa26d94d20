import { describe, expect, it } from "vitest";
import { MAX_TIME_LINKS, mentionedNames, textParts, type TextPart } from "./mentions.ts";

const times = (text: string) => textParts(text, { times: true });
/** The times linked in `text`, as [what it says, the second it links to]. */
const linked = (text: string) => times(text).flatMap((part) => ("time" in part ? [[part.time, part.seconds]] : []));
/** The parts put back together: nothing of the text is lost or doubled. */
const joined = (parts: TextPart[]) => parts.map((part) => ("text" in part ? part.text : "time" in part ? part.time : part.mention)).join("");

describe("times in a text", () => {
  it.each([
    ["2:31", [["2:31", 151]]],
    ["0:07", [["0:07", 7]]],
    ["00:07", [["00:07", 7]]],
    ["59:59", [["59:59", 3599]]],
    ["1:02:03", [["1:02:03", 3723]]],
    ["01:02:03", [["01:02:03", 3723]]],
    ["99:59:59", [["99:59:59", 359_999]]],
    ["at 2:31 he falls", [["2:31", 151]]],
    ["(2:31)", [["2:31", 151]]],
    ["2:31, 3:45 and 10:00.", [["2:31", 151], ["3:45", 225], ["10:00", 600]]],
    ["2:31-2:45 is the best", [["2:31", 151], ["2:45", 165]]],
    ["the 2:31 amazing part", [["2:31", 151]]],
    ["«0:42»", [["0:42", 42]]],
    ["line one\n4:20\nline three", [["4:20", 260]]],
  ])("links %j", (text, expected) => {
    expect(linked(text)).toEqual(expected);
  });

  it.each([
    "60:00", // minutes of m:ss must be under 60
    "1:60", // seconds under 60
    "1:5", // seconds take two digits
    "1:2:03", // so do the minutes of h:mm:ss
    "100:00:00", // past 99:59:59
    "1:00:60",
    "1:23:45:67", // a longer run of colons
    "abc2:31", // inside a word
    "2:31pm",
    "2:31abc",
    "v2:31",
    "_2:31",
    "12:30pm",
    "12:30 pm",
    "9:15 a.m.",
    "9:15 AM",
    "1:23.5", // a decimal
    "1:23,5",
    "3:2", // a ratio
    "16:9",
    "https://example.com/clip/1:23",
    "see www.example.com/at/2:31 there",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=2:31",
    "example.com/2:31",
    "?t=2:31",
    "a=2:31",
    "#2:31",
    "@2:31",
    "12345:67",
    "2024:10:12",
  ])("leaves %j as text", (text) => {
    expect(linked(text)).toEqual([]);
    expect(times(text)).toEqual([{ text }]);
  });

  it(`links at most ${MAX_TIME_LINKS} times of one text, and loses nothing`, () => {
    const text = Array.from({ length: 50 }, (_, i) => `${i}:00`).join(" ");
    const parts = times(text);
    expect(linked(text)).toHaveLength(MAX_TIME_LINKS);
    expect(linked(text).at(-1)).toEqual(["9:00", 540]);
    expect(joined(parts)).toBe(text);
  });

  it("links no time unless asked (a text with no video)", () => {
    expect(textParts("at 2:31", {})).toEqual([{ text: "at 2:31" }]);
  });
});

describe("mentions and times together", () => {
  const known = { alice: 1, "bob.b": 2 };

  it("cuts one text into both, in order", () => {
    const parts = textParts("@alice look at 2:31, @Bob.b at 1:02:03. @nobody 0:07", { known, times: true });
    expect(parts).toEqual([
      { mention: "@alice", userId: 1 },
      { text: " look at " },
      { time: "2:31", seconds: 151 },
      { text: ", " },
      { mention: "@Bob.b", userId: 2 },
      { text: " at " },
      { time: "1:02:03", seconds: 3723 },
      { text: ". @nobody " },
      { time: "0:07", seconds: 7 },
    ]);
  });

  it("links mentions alone where there is no video, as before", () => {
    expect(textParts("hi @alice 2:31", { known })).toEqual([{ text: "hi " }, { mention: "@alice", userId: 1 }, { text: " 2:31" }]);
    expect(textParts("mail alice@alice.com", { known })).toEqual([{ text: "mail alice@alice.com" }]);
    expect(textParts("", { known, times: true })).toEqual([]);
  });

  it("takes no time out of a name and no name out of a time", () => {
    expect(textParts("@alice1:23", { known: { alice1: 3 }, times: true })).toEqual([{ mention: "@alice1", userId: 3 }, { text: ":23" }]);
    expect(textParts("@alice 1:23", { known, times: true })).toEqual([{ mention: "@alice", userId: 1 }, { text: " " }, { time: "1:23", seconds: 83 }]);
  });

  it("keeps markup as text: the parts are strings React escapes", () => {
    const text = '<img src=x onerror="alert(1)"> at 2:31 <a href="javascript:1">';
    expect(joined(textParts(text, { known, times: true }))).toBe(text);
  });

  it("finds no mention inside a link, for the page and for the notices alike", () => {
    const text = "see https://example.com/@alice and www.example.com/@alice, then @bob.b";
    expect(mentionedNames(text)).toEqual(["bob.b"]);
    expect(textParts(text, { known, times: true }).filter((part) => "mention" in part)).toEqual([{ mention: "@bob.b", userId: 2 }]);
  });
});
