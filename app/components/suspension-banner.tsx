/** On every page while the member's suspension lasts: its words, and where to read and appeal it. */
export function SuspensionBanner({ message }: { message: string }) {
  return (
    <p role="status" className="mb-4 rounded-xl bg-red-50 p-3 font-semibold text-red-900">
      {message} <a href="/account/standing" className="underline">Your standing and appeal</a>
    </p>
  );
}
