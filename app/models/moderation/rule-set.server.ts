import { asc, count, eq } from "drizzle-orm";
import { foldWords } from "#db/words.ts";
import { contentRules, type ContentRuleRow } from "#db/schema.ts";
import { getDb } from "#db/client.server.ts";
import { conflict, invalid, notFound } from "~/lib/problem.ts";
import { MAX_RULE_TERM_WORDS, MAX_RULES, RULE_NOT_FOUND, RULE_TERM_NO_WORDS, RULE_TERM_TOO_LONG, RULE_TOO_MANY, type RuleView } from "~/rules/content-rules.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { RuleInputSchema, type RuleInput, type RulePatch } from "~/rules/schemas/content-rule.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { requireAdmin } from "./roles.server.ts";
import { termsOf } from "./rule-check.server.ts";

// The admins' rules (docs/product.md §11 "Rules", decision 0240): listed, written, edited, turned on
// and off, deleted. At most MAX_RULES, counted in the writing transaction. The acting admin is read
// again in it (requireAdmin). What the rules do to new text is rule-check.server.ts's.

function toView(row: ContentRuleRow): RuleView {
  return {
    id: row.id,
    kind: row.kind,
    terms: termsOf(row),
    days: row.days,
    action: row.action,
    message: row.message,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every rule, oldest first (one page: there are at most MAX_RULES). */
export function listRules(): RuleView[] {
  return getDb().select().from(contentRules).orderBy(asc(contentRules.id)).limit(MAX_RULES).all().map(toView);
}

/** A rule's stored fields: its terms checked as the fold will find them (whole words, at most MAX_RULE_TERM_WORDS). */
function storedFields(input: RuleInput) {
  const terms = input.kind === "account_age" ? [] : (input.terms ?? []);
  for (const term of terms) {
    const words = foldWords(term).length;
    if (words === 0) throw invalid(RULE_TERM_NO_WORDS, "terms");
    if (words > MAX_RULE_TERM_WORDS) throw invalid(RULE_TERM_TOO_LONG, "terms");
  }
  return {
    kind: input.kind,
    terms: terms.join("\n"),
    days: input.kind === "account_age" ? (input.days ?? null) : null,
    action: input.action,
    message: input.message,
    enabled: input.enabled,
  };
}

function ruleRow(tx: DbOrTx, id: number): ContentRuleRow {
  const row = tx.select().from(contentRules).where(eq(contentRules.id, id)).get();
  if (!row) throw notFound(RULE_NOT_FOUND);
  return row;
}

/** An admin writes a rule; 409 when there are MAX_RULES already. */
export function createRule({ actorId, input }: { actorId: number; input: RuleInput }): RuleView {
  return writeTransaction((tx) => {
    requireAdmin(tx, actorId);
    const fields = storedFields(input);
    const n = tx.select({ n: count() }).from(contentRules).get()?.n ?? 0;
    if (n >= MAX_RULES) throw conflict(RULE_TOO_MANY);
    return toView(tx.insert(contentRules).values(fields).returning().get());
  });
}

/** An admin changes a rule: the fields given, the whole rule checked again as a new one would be. */
export function updateRule({ actorId, id, patch }: { actorId: number; id: number; patch: RulePatch }): RuleView {
  return writeTransaction((tx) => {
    requireAdmin(tx, actorId);
    const current = toView(ruleRow(tx, id));
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = parseOrThrow(RuleInputSchema, { ...current, days: current.days ?? undefined, ...given });
    const row = tx
      .update(contentRules)
      // Later than its last version, always: the compiled rules are kept by it (rule-check.server.ts).
      .set({ ...storedFields(merged), updatedAt: new Date(Math.max(Date.now(), Date.parse(current.updatedAt) + 1)) })
      .where(eq(contentRules.id, id))
      .returning()
      .get();
    return toView(row);
  });
}

/** An admin deletes a rule (what it held or flagged stays, naming no rule). */
export function deleteRule({ actorId, id }: { actorId: number; id: number }): RuleView {
  return writeTransaction((tx) => {
    requireAdmin(tx, actorId);
    const row = ruleRow(tx, id);
    tx.delete(contentRules).where(eq(contentRules.id, id)).run();
    return toView(row);
  });
}
