// Every string a shared schema accepts has a declared kind (text, secret or token: ./text-fields.ts), so no
// field can take text past the one normaliser (decision 0075). The walk below reads every exported
// schema of this folder; a new schema with a bare z.string() fails here, naming where it is.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { INVALID_TEXT } from "../../lib/text.ts";
import { delegateOf, kindOf, parsedToken, secretField, textField, tokenField } from "./text-fields.ts";
import { AdminListQuerySchema, ReasonSchema, RedactSchema } from "./admin.ts";
import { UsernameSchema, LoginSchema, RegisterSchema } from "./sign-in.ts";
import { HomeQuerySchema, SearchPageQuerySchema, SearchQuerySchema } from "./browse-query.ts";
import { CommentFormSchema } from "./interact.ts";
import { PostTextSchema, SHARE_MESSAGES } from "./post-input.ts";
import { ProfileUpdateSchema } from "./profile-input.ts";
import { AppealSchema, DecideAppealSchema, ReportSchema, ResolveCaseSchema, SuspendSchema } from "./moderation.ts";

const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });

/** Where a string (or any value a string may be) enters `schema` without a declared kind: one path each. */
function undeclared(schema: z.ZodType, path: string, ancestors: Set<z.ZodType> = new Set()): string[] {
  if (kindOf(schema) || ancestors.has(schema)) return [];
  const within = new Set(ancestors).add(schema);
  const walk = (inner: unknown, at = path) => undeclared(inner as z.ZodType, at, within);
  const delegate = delegateOf(schema);
  if (delegate) return walk(delegate);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    // Each of these takes a string as it comes.
    case "string":
    case "unknown":
    case "any":
    case "custom":
    case "template_literal":
      return [path];
    case "object":
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => walk(field, `${path}.${key}`)),
        ...(def.catchall ? walk(def.catchall, `${path}.*`) : []),
      ];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
    case "promise":
      return walk(def.innerType);
    case "union":
      return (def.options as unknown[]).flatMap((option, i) => walk(option, `${path}|${i}`));
    case "intersection":
      return [...walk(def.left), ...walk(def.right)];
    case "array":
      return walk(def.element, `${path}[]`);
    case "set":
      return walk(def.valueType, `${path}[]`);
    case "tuple":
      return [...(def.items as unknown[]).flatMap((item, i) => walk(item, `${path}[${i}]`)), ...(def.rest ? walk(def.rest, `${path}[]`) : [])];
    case "record":
    case "map":
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case "lazy":
      return walk((def.getter as () => unknown)());
    case "pipe": {
      // A pipe's output takes what its input made, not the request's value: only a preprocess
      // (a transform first) hands the raw value on.
      const input = def.in as z.ZodType;
      return input._zod.def.type === "transform" ? walk(def.out) : walk(input);
    }
    default:
      // numbers, booleans, enums, literals, dates, transforms …: no free string gets through.
      return [];
  }
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace("./", "")} ${name}`, schema })),
);

describe("every string a schema accepts has a declared kind", () => {
  it("finds the schemas of every module of this folder", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(10);
    const names = schemas.map((s) => s.name);
    for (const name of ["moderation.ts ReportSchema", "moderation.ts AppealSchema", "admin.ts RedactSchema", "sign-in.ts RegisterSchema", "browse-query.ts HomeQuerySchema"]) {
      expect(names).toContain(name);
    }
  });

  it("no exported schema takes a string without a kind", () => {
    const found = schemas.flatMap(({ name, schema }) => undeclared(schema, name));
    expect(found, "declare each with textField, secretField, tokenField or parsedToken (./text-fields.ts)").toEqual([]);
  });

  it("the walk flags a bare string wherever it hides", () => {
    const bare = () => z.string();
    const cases: [z.ZodType, string[]][] = [
      [z.object({ a: bare() }), ["S.a"]],
      [z.object({ a: bare().trim().max(3).optional().nullable().default("x") }), ["S.a"]],
      [z.object({ a: bare().transform((s) => s.length) }), ["S.a"]],
      [z.object({ a: z.preprocess((v) => v, bare()) }), ["S.a"]],
      [z.discriminatedUnion("k", [z.object({ k: z.literal("x"), b: bare() }), z.object({ k: z.literal("y") })]), ["S|0.b"]],
      [z.array(z.object({ c: bare() })), ["S[].c"]],
      [z.record(bare(), z.number()), ["S{key}"]],
      [z.object({ d: z.lazy(() => bare()) }), ["S.d"]],
      [z.object({ e: z.unknown().transform(String) }), ["S.e"]],
      [z.object({ f: z.email() }), ["S.f"]],
      [z.object({ a: bare() }).extend({ g: bare() }).partial().refine(() => true), ["S.a", "S.g"]],
    ];
    for (const [schema, paths] of cases) expect(undeclared(schema, "S")).toEqual(paths);
  });

  it("a declared string stays declared through checks and wrappers", () => {
    const kinded = z.object({
      text: textField({ type: "t" }).optional().transform((s) => s ?? null),
      secret: secretField("s").min(6).max(10).nullish(),
      token: tokenField("t", "bad").max(5).regex(/^\w+$/).pipe(z.string().min(1)),
      parsed: parsedToken(z.unknown().transform(Number)),
      enum: textField({ type: "t" }).pipe(z.enum(["a", "b"])),
    });
    expect(undeclared(kinded, "S")).toEqual([]);
  });
});

const NUL = "\u0000";
const BEL = "\u0007";
const RLO = "\u202E";
const LONE = "\uD83D";
const ZERO_WIDTH = "\u200B\u200D\uFEFF\u2060";

/**
 * The free-text fields: each one's schema, a valid rest of the object, and what an empty value says
 * (a message when required, nothing when it may be empty). `lenient`: a screen's query string, where
 * anything odd falls back to no query rather than an error.
 */
const FREE_TEXT: { field: string; schema: z.ZodType; rest: object; key: string; required?: string; lenient?: boolean }[] = [
  { field: "report note", schema: ReportSchema, rest: { targetType: "post", targetId: 1, reason: "other" }, key: "note" },
  { field: "resolution reason", schema: ResolveCaseSchema, rest: { action: "dismiss" }, key: "reason", required: "Write the reason the author will read." },
  { field: "suspension reason", schema: SuspendSchema, rest: {}, key: "reason", required: "Write the reason the author will read." },
  { field: "appeal decision reason", schema: DecideAppealSchema, rest: { decision: "upheld" }, key: "reason", required: "Write the reason the author will read." },
  { field: "appeal", schema: AppealSchema, rest: { subjectType: "case", subjectId: 1 }, key: "text", required: "Write why the decision should change." },
  { field: "redaction reason", schema: RedactSchema, rest: {}, key: "reason", required: "Please give a reason for the redaction." },
  { field: "admin action reason", schema: ReasonSchema, rest: {}, key: "reason" },
  { field: "display name", schema: ProfileUpdateSchema, rest: {}, key: "displayName" },
  { field: "bio", schema: ProfileUpdateSchema, rest: {}, key: "bio" },
  { field: "location", schema: ProfileUpdateSchema, rest: {}, key: "location" },
  { field: "post title", schema: PostTextSchema, rest: { comment: "c", commentAuthor: "a", category: "Music" }, key: "title", required: SHARE_MESSAGES.missingTitle },
  { field: "quoted comment", schema: PostTextSchema, rest: { title: "title", commentAuthor: "a", category: "Music" }, key: "comment", required: SHARE_MESSAGES.missingFields },
  { field: "comment", schema: CommentFormSchema, rest: {}, key: "content", required: "Comment cannot be empty" },
  { field: "search query (API)", schema: SearchQuerySchema, rest: {}, key: "q" },
  { field: "search query (home page)", schema: HomeQuerySchema, rest: {}, key: "q", lenient: true },
  { field: "search query (search page)", schema: SearchPageQuerySchema, rest: {}, key: "q", lenient: true },
  { field: "admin list search", schema: AdminListQuerySchema, rest: {}, key: "q", lenient: true },
];

describe("free text is cleaned or refused, whatever field it is sent in", () => {
  const parse = (row: (typeof FREE_TEXT)[number], value: string) => row.schema.safeParse({ ...row.rest, [row.key]: value });
  const valueOf = (result: z.ZodSafeParseResult<unknown>, key: string) => (result.data as Record<string, unknown>)[key];

  it.each(FREE_TEXT.map((row) => [row.field, row] as const))("%s: NUL, BEL and U+202E are taken out", (_, row) => {
    for (const bad of [NUL, BEL, RLO, `${RLO}${NUL}${BEL}`]) {
      const result = parse(row, `A note${bad} that reads fine`);
      expect(result.error?.issues).toBeUndefined();
      expect(valueOf(result, row.key)).toBe("A note that reads fine");
    }
  });

  it.each(FREE_TEXT.map((row) => [row.field, row] as const))("%s: an unpaired surrogate is refused", (_, row) => {
    const result = parse(row, `broken ${LONE} text`);
    if (row.lenient) expect(valueOf(result, row.key) || undefined).toBeUndefined();
    else expect(result.error?.issues[0]?.message).toBe(INVALID_TEXT);
  });

  it.each(FREE_TEXT.map((row) => [row.field, row] as const))("%s: zero-width characters alone are empty", (_, row) => {
    const result = parse(row, ` ${ZERO_WIDTH} `);
    if (row.required) expect(result.error?.issues[0]?.message).toBe(row.required);
    else expect(valueOf(result, row.key) || undefined).toBeUndefined();
  });
});

describe("tokens and secrets are refused, never altered", () => {
  it("a username, a login name or an e-mail with a control, bidi or unpaired character is refused", () => {
    for (const bad of [NUL, BEL, RLO, LONE]) {
      expect(UsernameSchema.safeParse(`alice${bad}x`).success).toBe(false);
      expect(LoginSchema.safeParse({ username: `alice${bad}x`, password: "secret123" }).error?.issues[0]?.message).toBe(INVALID_TEXT);
      expect(RegisterSchema.safeParse({ username: "alice", email: `a${bad}@example.com`, password: "secret123" }).error?.issues[0]?.message).toBe("Please enter a valid email address");
    }
  });

  it("a password is kept exactly as typed, spaces and any script included, but a control character or an unpaired surrogate is refused", () => {
    const typed = `  Pässwörd 😂 ${RLO}\u200B `;
    expect(LoginSchema.parse({ username: "alice", password: typed }).password).toBe(typed);
    for (const bad of [NUL, BEL, "\n", LONE]) {
      expect(LoginSchema.safeParse({ username: "alice", password: `secret${bad}123` }).error?.issues[0]?.message).toBe(INVALID_TEXT);
    }
  });
});
