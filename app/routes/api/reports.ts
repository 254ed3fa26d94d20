import type { Route } from "./+types/reports";
import { ReportSchema } from "~/rules/schemas/moderation.ts";
import { fileReport } from "~/models/moderation/report.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// POST /api/reports {targetType, targetId, reason, note?} → 201 the report; 401 visitor, 400 an
// unknown reason or their own item, 404 a missing item, 409 reported already. Its own write budget.
// The shared demo account may not report (docs/product.md §11).

export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "member", budget: "report", input: ReportSchema, notDemo: true }, ({ user, input }) =>
      fileReport({ reporterId: user.id, input }),
    ),
  },
  { status: { POST: 201 } },
);
