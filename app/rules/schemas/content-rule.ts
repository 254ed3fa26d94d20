import { z } from "zod";
import {
  MAX_RULE_DAYS,
  MAX_RULE_MESSAGE,
  MAX_RULE_TERM_LENGTH,
  MAX_RULE_TERMS,
  RULE_ACTION_LIST,
  RULE_DAYS_INVALID,
  RULE_DOMAIN_INVALID,
  RULE_KIND_LIST,
  RULE_MESSAGE_REQUIRED,
  RULE_MESSAGE_TOO_LONG,
  RULE_TERM_TOO_LONG,
  RULE_TERMS_REQUIRED,
  RULE_TERMS_TOO_MANY,
  type RuleAction,
  type RuleKind,
} from "../content-rules.ts";
import { IdSchema } from "./id-field.ts";
import { textField } from "./text-fields.ts";

// An admin's rule (docs/product.md §11 "Rules"): the settings page's forms and /api/admin/rules parse
// with these. Lengths and counts are checked here; how many words a term folds to is the model's
// (app/models/moderation/rule-set.server.ts, with db/words.ts's fold).

const term = textField({ type: RULE_TERMS_REQUIRED, max: { length: MAX_RULE_TERM_LENGTH, message: RULE_TERM_TOO_LONG } });
/** The terms: one a line (the form's textarea) or a JSON array; blank lines and repeats dropped. */
const terms = z
  .union([z.array(term, { error: RULE_TERMS_REQUIRED }), textField({ type: RULE_TERMS_REQUIRED, max: { length: MAX_RULE_TERMS * (MAX_RULE_TERM_LENGTH + 1), message: RULE_TERMS_TOO_MANY } })], {
    error: RULE_TERMS_REQUIRED,
  })
  .transform((value, ctx) => {
    const lines = typeof value === "string" ? value.split("\n").map((line) => line.trim()) : value;
    const list = [...new Set(lines.filter(Boolean))];
    for (const line of list) if (line.length > MAX_RULE_TERM_LENGTH) ctx.addIssue({ code: "custom", message: RULE_TERM_TOO_LONG });
    return list;
  });
const days = z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number({ error: RULE_DAYS_INVALID }).int(RULE_DAYS_INVALID).min(1, RULE_DAYS_INVALID).max(MAX_RULE_DAYS, RULE_DAYS_INVALID).optional());
const message = textField({ type: RULE_MESSAGE_TOO_LONG, max: { length: MAX_RULE_MESSAGE, message: RULE_MESSAGE_TOO_LONG } })
  .nullish()
  .transform((v) => v || null);
/** A checkbox ("on", absent) or a JSON boolean. */
const enabled = z.union([z.boolean(), z.literal("on")], { error: "enabled must be true or false" }).transform((v) => v === true || v === "on");

const DOMAIN = /^(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}$/u;

const fields = {
  kind: z.enum(RULE_KIND_LIST as [RuleKind, ...RuleKind[]], { error: "Choose what the rule matches" }),
  terms: terms.optional(),
  days,
  action: z.enum(RULE_ACTION_LIST as [RuleAction, ...RuleAction[]], { error: "Choose what the rule does" }),
  message,
};

type RuleFields = { kind: RuleKind; terms?: string[]; days?: number; action: RuleAction; message: string | null };

/** What one kind needs: terms (domains well formed) or days; a refusal its message. */
function checkRule(rule: RuleFields, ctx: z.RefinementCtx) {
  if (rule.kind === "account_age") {
    if (rule.days === undefined) ctx.addIssue({ code: "custom", path: ["days"], message: RULE_DAYS_INVALID });
  } else {
    const list = rule.terms ?? [];
    if (list.length === 0) ctx.addIssue({ code: "custom", path: ["terms"], message: RULE_TERMS_REQUIRED });
    if (list.length > MAX_RULE_TERMS) ctx.addIssue({ code: "custom", path: ["terms"], message: RULE_TERMS_TOO_MANY });
    if (rule.kind === "domain" && list.some((d) => !DOMAIN.test(d))) ctx.addIssue({ code: "custom", path: ["terms"], message: RULE_DOMAIN_INVALID });
  }
  if (rule.action === "refuse" && !rule.message) ctx.addIssue({ code: "custom", path: ["message"], message: RULE_MESSAGE_REQUIRED });
}

/** A whole rule: POST /api/admin/rules, and what an edit makes of a rule (PATCH merges, then this). */
export const RuleInputSchema = z.object({ ...fields, enabled: enabled.optional().default(true) }).superRefine(checkRule);
export type RuleInput = z.output<typeof RuleInputSchema>;

/** PATCH /api/admin/rules/:id: the fields to change (enabled alone turns it on or off). */
export const RulePatchSchema = z.object({
  kind: fields.kind.optional(),
  terms: fields.terms,
  days: fields.days,
  action: fields.action.optional(),
  message: textField({ type: RULE_MESSAGE_TOO_LONG, max: { length: MAX_RULE_MESSAGE, message: RULE_MESSAGE_TOO_LONG } }).nullish(),
  enabled: enabled.optional(),
});
export type RulePatch = z.output<typeof RulePatchSchema>;

/**
 * The settings page's forms: a new rule, an edit, on/off, delete. A form's box unticked is "off"; what
 * the rule does is `outcome` there (an input named "action" would hide its form's own action).
 */
const { action: outcome, ...formFields } = fields;
const formRule = { ...formFields, outcome, enabled: enabled.optional().transform((v) => v === true) };
const checkForm = (rule: Omit<RuleFields, "action"> & { outcome: RuleAction }, ctx: z.RefinementCtx) => checkRule({ ...rule, action: rule.outcome }, ctx);
/** A new rule's or an edit's fields as the browser checks them (the action checks RuleFormSchema). */
export const RuleFieldsFormSchema = z.object(formRule).superRefine(checkForm);
export const RuleFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...formRule }).superRefine(checkForm),
    z.object({ intent: z.literal("update"), id: IdSchema, ...formRule }).superRefine(checkForm),
    z.object({ intent: z.literal("enable"), id: IdSchema }),
    z.object({ intent: z.literal("disable"), id: IdSchema }),
    z.object({ intent: z.literal("delete"), id: IdSchema }),
  ],
  { error: "Choose what to do" },
);

/** /admin/rules?edit=id: the rule whose form is open (a URL state; anything odd opens none). */
export const RulesPageQuerySchema = z.object({ edit: IdSchema.optional().catch(undefined) });
