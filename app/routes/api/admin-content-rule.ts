import type { Route } from "./+types/admin-content-rule";
import { RULE_NOT_FOUND } from "~/rules/content-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { RulePatchSchema } from "~/rules/schemas/content-rule.ts";
import { deleteRule, updateRule } from "~/models/moderation/rule-set.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// PATCH /api/admin/rules/:id {any of kind, terms, days, action, message, enabled} → the rule (the whole
// rule checked again: 400); DELETE → the rule deleted. 404 for no such rule.
export const loader = onlyMethods("PATCH, DELETE");

export const action = apiAction<Route.ActionArgs>({
  PATCH: endpoint({ who: "admin", budget: "moderate", input: RulePatchSchema }, ({ user, params, input }) =>
    updateRule({ actorId: user.id, id: requireId(params.id, RULE_NOT_FOUND), patch: input }),
  ),
  DELETE: endpoint({ who: "admin", budget: "moderate" }, ({ user, params }) => deleteRule({ actorId: user.id, id: requireId(params.id, RULE_NOT_FOUND) })),
});
