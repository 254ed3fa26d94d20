import { Form } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { SuspensionFields } from "./suspend-control.tsx";

// 'Remove last day and suspend' (docs/product.md §11 "Spam"): a <details> form on a member's row and on
// a case of the queue; it works without JavaScript.

export function SweepControl({ userId, username }: { userId: number; username: string }) {
  return (
    <details className="relative">
      <summary aria-label={`Remove last day and suspend ${username}`} className={`${buttonClass({ variant: "secondary", size: "sm" })} cursor-pointer list-none`}>
        Remove last day and suspend
      </summary>
      <Form method="post" action={`/admin/users/${userId}/sweep`} className="absolute right-0 z-30 mt-1 w-72 space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg">
        <p>Everything {username} posted in the last 24 hours goes, and the account is suspended.</p>
        <SuspensionFields defaultReason="Spam" />
        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
          Remove and suspend {username}
        </button>
      </Form>
    </details>
  );
}
