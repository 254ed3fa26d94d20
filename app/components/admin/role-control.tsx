import { Form } from "react-router";
import { CATEGORIES } from "~/lib/category-list.ts";
import { CATEGORY_BOX, ROLE_LABEL, type Role } from "~/rules/role-rules.ts";
import { buttonClass } from "../ui/button.tsx";

// The Users tab's role form (admins only): a <details> form that works without JavaScript. A member
// becomes a moderator (everywhere) or a category moderator of the boxes ticked, or a member again;
// the admin role has its own button ('Make Admin').

const OFFERED: readonly Role[] = ["member", "category_moderator", "moderator"];

export function RoleControl({ userId, username, role, categories }: { userId: number; username: string; role: Role; categories: readonly string[] }) {
  return (
    // On a phone the open form takes the row's width in the flow (a popover would leave the screen).
    <details className="relative open:basis-full sm:open:basis-auto">
      <summary aria-label={`Role of ${username}`} className={`${buttonClass({ variant: "secondary", size: "sm" })} cursor-pointer list-none`}>
        Role…
      </summary>
      <Form
        method="post"
        action={`/admin/users/${userId}/role`}
        className="mt-1 space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg sm:absolute sm:right-0 sm:z-30 sm:w-80"
      >
        <fieldset className="space-y-1">
          <legend className="font-medium">Role of {username}</legend>
          {OFFERED.map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name="role" value={r} defaultChecked={r === role} required className="accent-brand" />
              {ROLE_LABEL[r]}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="font-medium">Categories (for a category moderator)</legend>
          <div className="grid grid-cols-2 gap-x-3 gap-y-1">
            {CATEGORIES.map((c) => (
              <label key={c} className="flex items-center gap-2">
                <input type="checkbox" name={`${CATEGORY_BOX}${c}`} defaultChecked={categories.includes(c)} className="accent-brand" />
                {c}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
          Save role
        </button>
      </Form>
    </details>
  );
}
