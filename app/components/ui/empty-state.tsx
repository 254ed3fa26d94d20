import type { ReactNode } from "react";

/**
 * A centred panel for a screen's empty, not-found and error states ('No posts yet', 'User not found',
 * 'Private Content' …), with optional actions below the message.
 */
export function EmptyState({
  title,
  message,
  level = 1,
  alert = false,
  children,
}: {
  title: string;
  message: ReactNode;
  level?: 1 | 2 | 3;
  alert?: boolean;
  children?: ReactNode;
}) {
  const Heading = (["h1", "h2", "h3"] as const)[level - 1];
  return (
    <section role={alert ? "alert" : undefined} className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center">
      <Heading className="text-xl font-bold">{title}</Heading>
      <div className="mt-2 text-slate-700">{message}</div>
      {children ? <div className="mt-4 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </section>
  );
}
