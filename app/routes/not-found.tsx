import { data } from "react-router";
import { PROBLEM_STATUS } from "~/lib/problem.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { resource } from "~/http/contract.server.ts";
import type { Route } from "./+types/not-found";
import { NotFoundPanel } from "~/components/not-found-panel.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "404 Page Not Found" },
  { name: "description", content: "There is no page at this address." },
];

export const loader = page({ who: "anyone" }, () => data(null, { status: PROBLEM_STATUS.not_found }));

// A form posted to no page: 404 too, for anyone (nothing is written, so no member is refused first).
export const action = resource({ who: "anyone", whileSuspended: true }, () => data(null, { status: PROBLEM_STATUS.not_found }), { method: "POST" });

export default function NotFound() {
  return <NotFoundPanel />;
}
