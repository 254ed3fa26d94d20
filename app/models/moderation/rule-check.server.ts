import { and, asc, eq } from "drizzle-orm";
import { foldText, eachMatchedKey, muteMatcher, type MuteMatcher } from "#db/words.ts";
import { contentRules, reportCases, type ContentRuleRow, type UserRow } from "#db/schema.ts";
import { invalid, type Problem } from "~/lib/problem.ts";
import { MAX_RULES, type RuleAction } from "~/rules/content-rules.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { snippet } from "./report.server.ts";
import { itemOf } from "./roles.server.ts";

// Rules that act first (docs/product.md §11 "Rules", decision 0240): what an admin's rules say of a
// new post, comment or reply, or of an edit, before anyone reports it. The enabled rules (at most
// MAX_RULES rows) are read at each check and compiled once per version of them: their words, phrases
// and domains into one matcher of db/words.ts (the fold of every mute: case, accents, compatibility
// forms, zero-width characters), their channels into a set of folded names. A text is folded once and
// walked once (at most MAX_RULE_TERM_WORDS lookups per word, whatever the number of rules). The
// strictest matching rule acts (refuse, then hold, then flag; the oldest first), and what it does is an
// entry of the moderation log as the rule's. Admins' own writes pass (their rules are for others).

type Compiled = {
  version: string;
  /** Words, phrases and domains (a domain is its folded words, "example com"). */
  phrases: MuteMatcher;
  owners: Map<string, ContentRuleRow[]>;
  channels: Map<string, ContentRuleRow[]>;
  ages: ContentRuleRow[];
  terms: number;
};

/** The work of the checks since start (tests and the spam bench prove the bound by it, not by time). */
export const ruleWork = { checks: 0, rulesRead: 0, termsCompiled: 0, lookups: 0 };

const DAY_MS = 86_400_000;
let kept: Compiled | null = null;

function add(map: Map<string, ContentRuleRow[]>, key: string, rule: ContentRuleRow) {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
}

/** The rule's terms as stored (one a line). */
export function termsOf(rule: Pick<ContentRuleRow, "terms">): string[] {
  return rule.terms ? rule.terms.split("\n") : [];
}

function compile(rows: ContentRuleRow[], version: string): Compiled {
  const owners = new Map<string, ContentRuleRow[]>();
  const channels = new Map<string, ContentRuleRow[]>();
  const ages: ContentRuleRow[] = [];
  let terms = 0;
  for (const rule of rows) {
    if (rule.kind === "account_age") ages.push(rule);
    for (const term of termsOf(rule)) {
      const key = foldText(term);
      if (!key) continue;
      terms++;
      add(rule.kind === "channel" ? channels : owners, key, rule);
    }
  }
  ruleWork.termsCompiled += terms;
  return { version, phrases: muteMatcher([...owners.keys()]), owners, channels, ages, terms };
}

function enabledRules(tx: DbOrTx): Compiled {
  const rows = tx.select().from(contentRules).where(eq(contentRules.enabled, true)).orderBy(asc(contentRules.id)).limit(MAX_RULES).all();
  ruleWork.rulesRead += rows.length;
  const version = rows.map((r) => `${r.id}:${r.updatedAt.getTime()}`).join(",");
  if (kept?.version !== version) kept = compile(rows, version);
  return kept;
}

const STRICTNESS: Record<RuleAction, number> = { refuse: 3, hold: 2, flag: 1 };

export type RuleVerdict = { rule: ContentRuleRow; action: RuleAction };

/** What is checked: the text as written (a post's title and quoted comment), a post's video channel. */
type Subject = { text: string; channel?: string | null };

/** The rule that acts on `author`'s `subject`, or null when none matches (or the author is an admin). */
export function ruleVerdict(tx: DbOrTx, author: Pick<UserRow, "isAdmin" | "createdAt">, subject: Subject, now = Date.now()): RuleVerdict | null {
  if (author.isAdmin) return null;
  ruleWork.checks++;
  const rules = enabledRules(tx);
  let best: ContentRuleRow | null = null;
  const consider = (rule: ContentRuleRow) => {
    if (!best || STRICTNESS[rule.action] > STRICTNESS[best.action] || (STRICTNESS[rule.action] === STRICTNESS[best.action] && rule.id < best.id)) best = rule;
  };
  const age = now - author.createdAt.getTime();
  for (const rule of rules.ages) if (rule.days !== null && age < rule.days * DAY_MS) consider(rule);
  if (rules.owners.size > 0) {
    ruleWork.lookups += eachMatchedKey(foldText(subject.text), rules.phrases, (key) => {
      for (const rule of rules.owners.get(key) ?? []) consider(rule);
      return false;
    });
  }
  if (subject.channel && rules.channels.size > 0) {
    ruleWork.lookups++;
    for (const rule of rules.channels.get(foldText(subject.channel)) ?? []) consider(rule);
  }
  const found = best as ContentRuleRow | null;
  return found ? { rule: found, action: found.action } : null;
}

/** What a rule acted on: a post or a comment (id 0 for a new one it refused: nothing was made). */
export type RuleTarget = { kind: "post" | "comment"; id: number; label: string };

const ACTION_LOGGED = { hold: "rule_hold", refuse: "rule_refuse", flag: "rule_flag" } as const;

/** The log entry of a rule's action, in the action's transaction. */
export function logRuleAction(tx: DbOrTx, verdict: RuleVerdict, target: RuleTarget): void {
  appendModerationLog(tx, {
    admin: { role: "rule", ruleId: verdict.rule.id },
    action: ACTION_LOGGED[verdict.action],
    target: { ...target, label: snippet(target.label) },
    reason: verdict.rule.message,
  });
}

// A refusal rolls its transaction back (an edit's included): its log entry is written after, in one
// of its own, by the wrapper that sees the Problem go by.
const refusals = new WeakMap<Problem, { verdict: RuleVerdict; target: RuleTarget }>();

/** The Problem of a refusing rule: its message, about `field`, as every refusal of the forms and the API. */
export function ruleRefusal(verdict: RuleVerdict, target: RuleTarget, field?: string): Problem {
  const problem = invalid(verdict.rule.message ?? "", field);
  refusals.set(problem, { verdict, target });
  return problem;
}

/** Runs a write; a rule's refusal thrown from it is logged (after its rollback) and thrown on. */
export function logRuleRefusals<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    const refused = refusals.get(error as Problem);
    if (refused) writeTransaction((tx) => logRuleAction(tx, refused.verdict, refused.target));
    throw error;
  }
}

/**
 * A flagging rule's case: the item joins the review queue as a report would bring it there (its open
 * case, or a new one with no reports), named as the rule's.
 */
export function flagByRule(tx: DbOrTx, verdict: RuleVerdict, target: RuleTarget & { authorId: number }): void {
  const open = tx
    .select({ id: reportCases.id, ruleId: reportCases.ruleId })
    .from(reportCases)
    .where(and(eq(reportCases.targetType, target.kind), eq(reportCases.targetId, target.id), eq(reportCases.status, "open")))
    .get();
  if (open) {
    if (open.ruleId === null) tx.update(reportCases).set({ ruleId: verdict.rule.id }).where(eq(reportCases.id, open.id)).run();
  } else {
    // Filed under the item's category, so its category's moderators see it in their queue.
    const category = itemOf(tx, target.kind === "post" ? { post: target.id } : { comment: target.id })?.category ?? null;
    tx.insert(reportCases).values({ targetType: target.kind, targetId: target.id, authorId: target.authorId, targetLabel: snippet(target.label), category, ruleId: verdict.rule.id }).run();
  }
  logRuleAction(tx, verdict, target);
}
