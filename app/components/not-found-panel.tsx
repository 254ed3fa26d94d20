import { ErrorPanel } from "./ui/general-error-boundary.tsx";

/** docs/product.md §2's not-found screen: the catch-all route and any 404 that reaches the root boundary. */
export function NotFoundPanel() {
  return <ErrorPanel title="404 Page Not Found" message="Did you forget to add the page to the router?" alert={false} />;
}
