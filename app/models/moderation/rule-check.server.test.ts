// What a page of rules costs a post or a comment (decision 0240), counted, not timed: with MAX_RULES
// rules of MAX_RULE_TERMS terms each, built to make the walk grow every phrase as far as it can, a
// check reads one statement of at most MAX_RULES rows, compiles the terms once per version of the
// rules, and makes at most MAX_RULE_TERM_WORDS lookups per word of the text (plus one for a channel).
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { foldWords } from "#db/words.ts";
import { contentRules } from "#db/schema.ts";
import { MAX_RULE_TERM_WORDS, MAX_RULE_TERMS, MAX_RULES } from "~/rules/content-rules.ts";
import { clearPostsAndUsers, user } from "../../../tests/support/post-rows.ts";
import { recordStatements } from "../../../tests/support/statements.ts";
import { ruleVerdict, ruleWork } from "./rule-check.server.ts";
import { createRule, updateRule } from "./rule-set.server.ts";

beforeEach(() => {
  clearPostsAndUsers();
  getDb().delete(contentRules).run();
});

/** A full page of rules whose terms all begin with the words of the text ("a a a a a t17"). */
const anAdmin = () => getDb().$client.prepare("INSERT INTO users (username, email, password_hash, is_admin) VALUES ('ruler', 'ruler@example.com', 'x', 1) RETURNING id").get() as { id: number };

function worstRules() {
  const admin = anAdmin();
  for (let r = 0; r < MAX_RULES; r++) {
    const terms = Array.from({ length: MAX_RULE_TERMS }, (_, t) => `${"a ".repeat(MAX_RULE_TERM_WORDS - 1)}t${r}x${t}`);
    createRule({ actorId: admin.id, input: { kind: r % 2 ? "words" : "domain", terms: r % 2 ? terms : terms.map((_, t) => `a.a.a.a.a.d${r}x${t}`), action: "flag", message: null, enabled: true } });
  }
  return admin;
}

describe("the cost of a page of rules", () => {
  it("one statement of at most MAX_RULES rows, terms compiled once, at most MAX_RULE_TERM_WORDS lookups a word", async () => {
    const admin = worstRules();
    const author = user();
    // The longest comment (1,000 characters) of the one word every term begins with.
    const text = "a ".repeat(500).trim();
    const words = foldWords(text).length;
    expect(words).toBe(500);

    const before = { ...ruleWork };
    const { result, statements } = await recordStatements(() => ruleVerdict(getDb(), author, { text, channel: "Some Channel" }));
    expect(result).toBeNull();
    expect(statements).toHaveLength(1);
    expect(ruleWork.rulesRead - before.rulesRead).toBe(MAX_RULES);
    expect(ruleWork.termsCompiled - before.termsCompiled).toBe(MAX_RULES * MAX_RULE_TERMS);
    const lookups = ruleWork.lookups - before.lookups;
    // Every word starts a phrase grown to MAX_RULE_TERM_WORDS words (fewer near the end), and the channel.
    expect(lookups).toBeGreaterThan((words - MAX_RULE_TERM_WORDS) * MAX_RULE_TERM_WORDS);
    expect(lookups).toBeLessThanOrEqual(words * MAX_RULE_TERM_WORDS + 1);

    // The next check compiles nothing again; an edit of one rule compiles once more.
    const again = { ...ruleWork };
    ruleVerdict(getDb(), author, { text });
    expect(ruleWork.termsCompiled).toBe(again.termsCompiled);
    const first = getDb().select({ id: contentRules.id }).from(contentRules).limit(1).get()!;
    updateRule({ actorId: admin.id, id: first.id, patch: { action: "hold" } });
    const edited = { ...ruleWork };
    ruleVerdict(getDb(), author, { text });
    expect(ruleWork.termsCompiled - edited.termsCompiled).toBe(MAX_RULES * MAX_RULE_TERMS);
  });

  it("the strictest matching rule acts, whatever the order; nothing is checked for an admin", () => {
    const admin = anAdmin();
    const author = user();
    createRule({ actorId: admin.id, input: { kind: "words", terms: ["pineapple"], action: "hold", message: null, enabled: true } });
    createRule({ actorId: admin.id, input: { kind: "words", terms: ["pizza"], action: "refuse", message: "No.", enabled: true } });
    expect(ruleVerdict(getDb(), author, { text: "pineapple pizza" })?.action).toBe("refuse");
    expect(ruleVerdict(getDb(), author, { text: "pineapple" })?.action).toBe("hold");
    const checks = ruleWork.checks;
    expect(ruleVerdict(getDb(), { isAdmin: true, createdAt: new Date() }, { text: "pizza" })).toBeNull();
    expect(ruleWork.checks).toBe(checks);
  });
});
