import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `${siteName} — the funniest comments from YouTube` },
    { name: "description", content: "Share and vote on the funniest comments found under YouTube videos." },
  ];
};

export default function Home() {
  return <h1 className="text-2xl font-bold">Home</h1>;
}
