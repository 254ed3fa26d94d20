import { data } from "react-router";
import type { Route } from "./+types/not-found";

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
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">Did you forget to add the page to the router?</p>
      <a href="/" className="mt-6 inline-block rounded-full bg-brand px-4 py-2 font-semibold text-white">
        Return to Home
      </a>
    </section>
  );
}
