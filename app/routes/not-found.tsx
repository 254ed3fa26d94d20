import { data } from "react-router";
import { PROBLEM_STATUS } from "~/lib/problem.ts";
import type { Route } from "./+types/not-found";
import { NotFoundPanel } from "~/components/not-found-panel.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "404 Page Not Found" },
  { name: "description", content: "There is no page at this address." },
];

export function loader() {
  return data(null, { status: PROBLEM_STATUS.not_found });
}

export function action() {
  return data(null, { status: PROBLEM_STATUS.not_found });
}

export default function NotFound() {
  return <NotFoundPanel />;
}
