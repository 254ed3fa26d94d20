import type { Route } from "./+types/admin-content-rules";
import { MAX_RULES } from "~/rules/content-rules.ts";
import { RuleInputSchema } from "~/rules/schemas/content-rule.ts";
import { createRule, listRules } from "~/models/moderation/rule-set.server.ts";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";

// GET /api/admin/rules → {rules: [{id, kind, terms, days, action, message, enabled, createdAt, updatedAt}], max}, oldest first.
// POST /api/admin/rules {kind: words|domain|channel|account_age, terms: [..] or one a line, days?, action:
// hold|refuse|flag, message?, enabled?} → 201 with the rule; 400 for a bad field, 409 past the maximum.
export const loader = apiLoader({ who: "admin" }, () => ({ rules: listRules(), max: MAX_RULES }));

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "admin", budget: "moderate", input: RuleInputSchema }, ({ user, input }) => createRule({ actorId: user.id, input })),
  },
  { status: { POST: 201 }, alsoAllow: ["GET"] },
);
