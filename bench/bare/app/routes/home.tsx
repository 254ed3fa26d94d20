import { useLoaderData } from "react-router";

export function meta() {
  return [{ title: "Bare" }];
}

export function loader() {
  return { message: "Hello from a bare React Router page" };
}

export default function Home() {
  const { message } = useLoaderData<typeof loader>();
  return <h1>{message}</h1>;
}
