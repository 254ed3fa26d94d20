import { Link } from "react-router";

/** On every page while the member's suspension lasts: its words, and where to read and appeal it. */
export function SuspensionBanner({ message }: { message: string }) {
  return (
    <div role="status" className="mb-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{message}</p>
      <p>
        You can still read and sign in.{" "}
        <Link to="/account/standing" className="font-medium underline">
          Your standing and appeal
        </Link>
      </p>
    </div>
  );
}
