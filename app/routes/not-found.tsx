import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPanel } from "~/components/not-found-panel.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "404 Page Not Found" },
  { name: "description", content: "There is no page at this address." },
];

export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPanel />;
}
