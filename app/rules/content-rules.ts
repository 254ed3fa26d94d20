// Rules that act first (docs/product.md §11 "Rules"): the kinds, actions, bounds and texts the model,
// the settings page and the JSON API share. Browser-safe: no zod, no server code. How a rule's terms
// are folded and found is db/words.ts's, the fold of every mute (app/models/rules/apply.server.ts).

export type RuleKind = "words" | "domain" | "channel" | "account_age";
export type RuleAction = "hold" | "refuse" | "flag";
export const RULE_KIND_LIST: readonly RuleKind[] = ["words", "domain", "channel", "account_age"];
export const RULE_ACTION_LIST: readonly RuleAction[] = ["hold", "refuse", "flag"];

/** At most this many rules (one page of the settings page: all of them are read for every post). */
export const MAX_RULES = 50;
/** A rule's terms (words or phrases, domains, channels): at most this many, each this long and this many words. */
export const MAX_RULE_TERMS = 20;
export const MAX_RULE_TERM_LENGTH = 60;
export const MAX_RULE_TERM_WORDS = 6;
export const MAX_RULE_MESSAGE = 200;
export const MAX_RULE_DAYS = 365;

/** A rule as the settings page and GET /api/admin/rules show it. */
export type RuleView = {
  id: number;
  kind: RuleKind;
  terms: string[];
  days: number | null;
  action: RuleAction;
  message: string | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
};

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  words: "Words or phrases",
  domain: "Links to domains",
  channel: "YouTube channels (a post's video)",
  account_age: "Account younger than",
};
export const RULE_ACTION_LABELS: Record<RuleAction, string> = {
  hold: "Hold for review",
  refuse: "Refuse with a message",
  flag: "Flag to the review queue",
};

export const RULE_TERMS_REQUIRED = "Give at least one word, domain or channel, one a line";
export const RULE_TERMS_TOO_MANY = `A rule can hold at most ${MAX_RULE_TERMS} terms`;
export const RULE_TERM_TOO_LONG = `A term can be at most ${MAX_RULE_TERM_LENGTH} characters and ${MAX_RULE_TERM_WORDS} words`;
export const RULE_TERM_NO_WORDS = "A term needs letters or digits";
export const RULE_DOMAIN_INVALID = "Give domains like example.com, one a line";
export const RULE_DAYS_INVALID = `Give a number of days from 1 to ${MAX_RULE_DAYS}`;
export const RULE_MESSAGE_REQUIRED = "A refusing rule needs the message its author reads";
export const RULE_MESSAGE_TOO_LONG = `A message can be at most ${MAX_RULE_MESSAGE} characters`;
export const RULE_TOO_MANY = `There can be at most ${MAX_RULES} rules: delete one first`;
export const RULE_NOT_FOUND = "Rule not found";
export const RULE_FAIL_TITLE = "Failed to save the rule";

/** A rule in a few words: what it matches (for the settings page and the queue). */
export function describeRule(rule: Pick<RuleView, "kind" | "terms" | "days">): string {
  if (rule.kind === "account_age") return `Accounts younger than ${rule.days} day${rule.days === 1 ? "" : "s"}`;
  return `${RULE_KIND_LABELS[rule.kind]}: ${rule.terms.join(", ")}`;
}
