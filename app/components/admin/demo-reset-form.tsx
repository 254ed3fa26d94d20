import { Form } from "react-router";
import { Card } from "../ui/card.tsx";
import { buttonClass } from "../ui/button.tsx";

/** The admin dashboard's 'Reset the demo account': a plain form (POST → 303 → toast), with or without JS. */
export function DemoResetForm() {
  return (
    <Card className="space-y-2 p-4">
      <h2 className="font-semibold">Demo account</h2>
      <p className="text-sm text-slate-700">
        Removes everything visitors made with the shared demo account (posts, comments, votes, saves, follows, blocks) and brings back
        its seeded profile and posts. Logged in the moderation log.
      </p>
      <Form method="post" action="/admin/demo/reset">
        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
          Reset the demo account
        </button>
      </Form>
    </Card>
  );
}
