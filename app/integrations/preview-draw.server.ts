// A post's link-preview picture (docs/decisions/0180): the quote itself, its author, the post's title
// and the site's name, drawn by satori (layout → SVG) and resvg (SVG → PNG), 1200×630. The fonts are
// the repository's own (assets/fonts/, with their licences): Inter for Latin, Noto Sans Arabic and
// Hebrew for right-to-left text, a subset of Noto Sans CJK; an emoji is Twemoji's picture of it (the
// @twemoji/svg package, one small file read per emoji drawn). Nothing is fetched.
//
// The cost is bounded before layout: every text is cut to a width in units (a character 1, a CJK one
// 2, an emoji 3: about the room each takes; an ellipsis marks the cut), and the quote's size is
// chosen by that width, so no input lays out more than QUOTE_UNITS units; the boxes clip and clamp
// their lines as well, so nothing is drawn past the card's margins. bench/preview.ts measures one draw.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { POST_PREVIEW } from "~/lib/seo.ts";
import { ellipsize } from "~/lib/text.ts";

export const PREVIEW_SIZE = POST_PREVIEW;

/** What the picture shows. */
export type PreviewCard = { comment: string; commentAuthor: string; title: string; siteName: string };

const FONTS_DIR = path.resolve("assets/fonts");

/** The fonts in the order satori tries them for a character: Latin first, then the fallbacks. */
const FONT_FILES: { file: string; name: string; weight: 400 | 700 }[] = [
  { file: "inter-latin-400-normal.woff", name: "Inter", weight: 400 },
  { file: "inter-latin-700-normal.woff", name: "Inter", weight: 700 },
  { file: "inter-latin-ext-400-normal.woff", name: "Inter", weight: 400 },
  { file: "inter-latin-ext-700-normal.woff", name: "Inter", weight: 700 },
  { file: "noto-sans-arabic-arabic-400-normal.woff", name: "Noto Sans Arabic", weight: 400 },
  { file: "noto-sans-hebrew-hebrew-400-normal.woff", name: "Noto Sans Hebrew", weight: 400 },
  { file: "noto-sans-cjk-common-400.woff", name: "Noto Sans CJK", weight: 400 },
];

/** The quote's size by its length: a short joke large, a long one smaller, the longest cut. */
const QUOTE_TIERS = [
  { upTo: 70, fontSize: 60, lines: 4 },
  { upTo: 140, fontSize: 48, lines: 5 },
  { upTo: 240, fontSize: 38, lines: 6 },
] as const;
/** The most units of a quote that are laid out (the smallest tier's room; the rest is cut). */
const QUOTE_UNITS = 240;
const TITLE_UNITS = 80;
const AUTHOR_UNITS = 60;
const SITE_NAME_UNITS = 40;

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** The room a character takes, in units of an average Latin letter's. */
const units = (grapheme: string) => (EMOJI.test(grapheme) ? 3 : WIDE.test(grapheme) ? 2 : 1);
const cut = (text: string, max: number) => ellipsize(text, max, units);
const widthOf = (text: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].reduce((sum, { segment }) => sum + units(segment), 0);

/** The colours of the card: the site's rose (DESIGN.md), ink on white. */
export const PREVIEW_COLOURS = { band: "#be123c", paper: "#ffffff", ink: "#0f172a", muted: "#475569", mark: "#e11d48" } as const;
/** The bottom band where the site's name sits, and the margins nothing is drawn past. */
export const PREVIEW_LAYOUT = { band: 104, margin: 64 } as const;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({ type, props: { ...props, style, children } });

/** Right-to-left when the text's first strong character is Arabic or Hebrew. */
function isRtl(text: string): boolean {
  const strong = /[\p{Script=Arabic}\p{Script=Hebrew}]|[\p{L}]/u.exec(text);
  return strong !== null && /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(strong[0]);
}

/**
 * The quote in its marks. A right-to-left quote's marks are held inside it by right-to-left marks
 * (U+200F): satori lays each line out left to right, and a mark beside the quote's edge would go
 * to the wrong end of its line.
 */
const quoted = (quote: string) => (isRtl(quote) ? `\u200F“${quote}”\u200F` : `“${quote}”`);

const FAMILY = "Inter, 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans CJK'";


function card({ comment, commentAuthor, title, siteName }: PreviewCard): Node {
  const quote = cut(comment, QUOTE_UNITS);
  const width = widthOf(quote);
  const tier = QUOTE_TIERS.find((t) => width <= t.upTo) ?? QUOTE_TIERS[QUOTE_TIERS.length - 1];
  const { margin, band } = PREVIEW_LAYOUT;
  const clamp = (lines: number, lineHeight: number, fontSize: number) => ({
    display: "block",
    lineClamp: lines,
    overflow: "hidden",
    wordBreak: "break-word",
    maxHeight: Math.floor(lines * lineHeight * fontSize),
    lineHeight,
    fontSize,
  });
  const oneLine = (fontSize: number) => ({ display: "block", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", lineHeight: 1.3, fontSize });
  const align = (text: string) => ({ textAlign: isRtl(text) ? "right" : "left" });
  const [shownTitle, shownAuthor] = [cut(title, TITLE_UNITS), cut(commentAuthor, AUTHOR_UNITS)];
  return el(
    "div",
    { width: PREVIEW_SIZE.width, height: PREVIEW_SIZE.height, display: "flex", flexDirection: "column", background: PREVIEW_COLOURS.paper, fontFamily: FAMILY, color: PREVIEW_COLOURS.ink },
    [
      el(
        "div",
        { display: "flex", flexDirection: "column", flexGrow: 1, height: PREVIEW_SIZE.height - band, padding: `${margin - 16}px ${margin}px ${margin - 24}px`, overflow: "hidden" },
        [
          el("div", { ...oneLine(30), ...align(shownTitle), fontWeight: 700, color: PREVIEW_COLOURS.muted, flexShrink: 0 }, shownTitle),
          // The quote's bar stands where its lines begin: on the right for a right-to-left quote.
          el("div", { display: "flex", flexDirection: isRtl(quote) ? "row-reverse" : "row", flexGrow: 1, alignItems: "center", overflow: "hidden", marginTop: 20, marginBottom: 20 }, [
            el("div", { display: "flex", width: 12, alignSelf: "stretch", background: PREVIEW_COLOURS.mark, borderRadius: 6, margin: isRtl(quote) ? "0 0 0 36px" : "0 36px 0 0", flexShrink: 0 }),
            el("div", { ...clamp(tier.lines, 1.25, tier.fontSize), flexGrow: 1, fontWeight: 700, ...align(quote) }, quoted(quote)),
          ]),
          el("div", { ...oneLine(32), ...align(shownAuthor), color: PREVIEW_COLOURS.muted, flexShrink: 0 }, `— ${shownAuthor}`),
        ],
      ),
      el("div", { display: "flex", alignItems: "center", height: band, flexShrink: 0, padding: `0 ${margin}px`, background: PREVIEW_COLOURS.band, color: "#ffffff" }, [
        el("div", { display: "flex", alignItems: "center", justifyContent: "center", width: 56, height: 56, borderRadius: 14, background: "#ffffff", marginRight: 20 }, [
          el("div", { display: "flex", width: 0, height: 0, borderTop: "14px solid transparent", borderBottom: "14px solid transparent", borderLeft: `22px solid ${PREVIEW_COLOURS.mark}`, marginLeft: 6 }),
        ]),
        el("div", { ...oneLine(40), fontWeight: 700 }, cut(siteName, SITE_NAME_UNITS)),
      ]),
    ],
  );
}

// The drawing thread (server/preview-worker.js), started on the first draw and ended after a minute
// without one (its fonts and heap go with it). It draws one picture at a time: however many posts
// are asked for at once, drawing takes at most one core, and the site's event loop only sends the
// tree and takes the bytes.
const WORKER_FILE = path.resolve("server/preview-worker.js");
const IDLE_MS = 60_000;
type Answer = { id: number; png?: Uint8Array; svg?: string; error?: string };
let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (answer: Answer) => void }>();

function drawingThread(): Worker {
  if (idle) clearTimeout(idle);
  idle = null;
  if (worker) return worker;
  const thread = new Worker(WORKER_FILE, {
    workerData: { fontsDir: FONTS_DIR, fontFiles: FONT_FILES, ...PREVIEW_SIZE },
    resourceLimits: { maxOldGenerationSizeMb: 160 },
  });
  thread.unref();
  thread.on("message", (answer: Answer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0 && worker === thread) idle = setTimeout(() => void thread.terminate(), IDLE_MS).unref();
  });
  const fail = (error: unknown) => {
    if (worker === thread) worker = null;
    for (const [id, { resolve }] of waiting) resolve({ id, error: `preview thread: ${String(error)}` });
    waiting.clear();
  };
  thread.on("error", fail);
  thread.on("exit", (code) => (waiting.size > 0 ? fail(`exited with ${code}`) : worker === thread && (worker = null)));
  worker = thread;
  return thread;
}

function ask(facts: PreviewCard, as: "png" | "svg"): Promise<Answer> {
  const id = ++nextId;
  const answer = new Promise<Answer>((resolve) => waiting.set(id, { resolve }));
  drawingThread().postMessage({ id, tree: card(facts), as });
  return answer.then((a) => {
    if (a.error) throw new Error(a.error);
    return a;
  });
}


/** The picture: 1200×630 PNG bytes, drawn in the drawing thread. */
export async function drawPreview(facts: PreviewCard): Promise<Buffer> {
  const { png } = await ask(facts, "png");
  return Buffer.from(png!.buffer, png!.byteOffset, png!.byteLength);
}
