import { useId } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/users";
import { CreateUserForm } from "~/components/admin/create-user-form.tsx";
import { SuspendControl } from "~/components/admin/suspend-control.tsx";
import { SweepControl } from "~/components/admin/sweep-control.tsx";
import { RoleControl } from "~/components/admin/role-control.tsx";
import { useAdminViewer } from "~/components/admin/admin-viewer.ts";
import { RANK, roleWords, type Role } from "~/rules/role-rules.ts";
import { AdminList, AdminRow, Pager, SearchBox } from "~/components/admin/list-controls.tsx";
import { JsField, useInteractionReply } from "~/components/interaction.tsx";
import { useRootData } from "~/components/hooks.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmForm } from "~/components/ui/confirm-form.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import { formatDate, plural } from "~/lib/format.ts";
import { AdminCreateUserSchema, AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { listAdminUsers, type AdminUserRow } from "~/models/admin/users.server.ts";
import { suspendedUsers } from "~/models/moderation/suspension.server.ts";
import { invitersOf } from "~/models/account/invites.server.ts";
import { createAccountAsAdmin, takenOnForm } from "~/models/account/registration.server.ts";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// /admin/users: the accounts (newest first, ?q= on name or e-mail, ?page=), their admin role,
// deletion behind a confirmation, and the create-user form (this route's action).

export const meta: Route.MetaFunction = () => [
  { title: "Users · Admin Dashboard" },
  { name: "description", content: "Every account on the site, with search, the admin role and deletion for admins." },
];

export const loader = page({ who: "moderator", input: AdminListQuerySchema }, ({ user: admin, input: query }) => {
  const list = loadOrFail("Failed to load users", () => listAdminUsers({ ...query, viewerId: admin.id }));
  const suspended = suspendedUsers(list.items.map((u) => u.id));
  const inviters = invitersOf(list.items.map((u) => u.id));
  const items = list.items.map((u) => ({
    ...u,
    suspension: suspended.get(u.id)?.message ?? null,
    // Who invited them (SIGNUP_MODE=invite): absent when no code was used, null when the inviter is gone.
    invitedBy: inviters.has(u.id) ? (inviters.get(u.id) ?? null) : undefined,
  }));
  return { ...list, items, q: query.q, meId: admin.id };
}, ADMIN_SIGN_IN);

// The form again with its messages (never the password), docs/product.md §8's field texts for taken names.
const HIDDEN = { hideFields: ["password"] };

// The create-user form spends the "toggle" budget (as POST /api/admin/users does); a spent budget is
// said in the form, with its 429.
export const action = pageAction(
  { who: "admin", budget: "moderate", input: AdminCreateUserSchema },
  async ({ user: admin, form }) => {
    const submission = parseWithZod(form, { schema: AdminCreateUserSchema });
    if (submission.status !== "success") return invalidReply(submission, HIDDEN);
    try {
      const user = await createAccountAsAdmin(admin.id, submission.value);
      const description = `${user.username} can now sign in${user.isAdmin ? " as an admin" : ""}.`;
      return redirectWithToast("/admin/users", { type: "success", title: "User Created", description });
    } catch (error) {
      return problemReply(submission, takenOnForm(error), HIDDEN);
    }
  },
  {
    refused: (form, problem) => {
      if (problem.kind !== "too_many") throw problem;
      return formProblemReply(form, problem, HIDDEN);
    },
  },
);

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, total, q, meId } = loaderData;
  const viewer = useAdminViewer();
  const admin = viewer.role === "admin";
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Users</h2>
      {admin ? <CreateUserForm lastResult={actionData?.result} /> : null}
      <SearchBox label={admin ? "Search users by name or e-mail" : "Search users by name"} q={q} />
      {items.length === 0 ? (
        <EmptyState level={3} title="No users found" message={q ? `No users match '${q}'.` : "No users yet."} />
      ) : (
        <AdminList label="Users, newest first">
          {items.map((u) => (
            <UserRow key={u.id} user={u} isMe={u.id === meId} viewer={viewer.role} />
          ))}
        </AdminList>
      )}
      <Pager page={page} pageCount={pageCount} total={total} noun="users" />
    </div>
  );
}

type Inviter = { id: number; username: string } | null | undefined;

function UserRow({ user, isMe, viewer }: { user: AdminUserRow & { suspension: string | null; invitedBy?: Inviter }; isMe: boolean; viewer: Role }) {
  const { timeZone } = useRootData();
  const admin = viewer === "admin";
  // Nobody moderates a member of their own rank or above (admins are never suspended).
  const moderatable = !user.isAdmin && RANK[user.role] < RANK[viewer];
  return (
    <AdminRow
      id={`user-${user.id}`}
      actions={
        isMe ? null : (
          <>
            {admin ? <ToggleAdmin user={user} /> : null}
            {admin && !user.isAdmin ? <RoleControl userId={user.id} username={user.username} role={user.role} categories={user.categories} /> : null}
            {moderatable ? <SuspendControl userId={user.id} username={user.username} suspension={user.suspension} /> : null}
            {moderatable ? <SweepControl userId={user.id} username={user.username} /> : null}
            {admin ? <ConfirmForm
              confirmKey={`delete-user-${user.id}`}
              trigger="Delete"
              triggerLabel={`Delete ${user.username}`}
              title={`Delete ${user.username}?`}
              message="Their account, posts, comments, votes, saves and follows are removed. Comments others replied to stay as '[deleted]'. This cannot be undone."
              action={`/admin/users/${user.id}/delete`}
              confirmLabel="Delete user"
              reason
            /> : null}
          </>
        )
      }
    >
      <span className="min-w-32 font-medium">
        <Link to={`/profile/${user.id}`} className="text-brand hover:underline">
          {user.username}
        </Link>
        {isMe ? <span className="ml-1 text-xs font-normal text-slate-700">(you)</span> : null}
      </span>
      <span
        data-testid="user-role"
        className={user.role === "member" ? "text-xs text-slate-700" : "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"}
      >
        {roleWords(user.role, user.categories)}
      </span>
      {user.email === undefined ? null : <span className="min-w-0 truncate text-slate-800">{user.email}</span>}
      <span className="text-slate-700">Joined {formatDate(user.joinDate, timeZone)}</span>
      <span className="text-slate-700">{plural(user.postsCount, "post")}</span>
      <InvitedBy inviter={user.invitedBy} />
      {user.suspension ? <span className="basis-full text-sm font-medium text-red-800">{user.suspension}</span> : null}
    </AdminRow>
  );
}

function InvitedBy({ inviter }: { inviter: Inviter }) {
  if (inviter === undefined) return null;
  return (
    <span className="text-slate-700" data-testid="invited-by">
      Invited by{" "}
      {inviter ? (
        <Link to={`/profile/${inviter.id}`} className="text-brand hover:underline">
          {inviter.username}
        </Link>
      ) : (
        "a deleted account"
      )}
    </span>
  );
}

function ToggleAdmin({ user }: { user: AdminUserRow }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<ActionReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  const label = user.isAdmin ? "Remove Admin" : "Make Admin";
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" action={`/admin/users/${user.id}/toggle-admin`}>
      <JsField />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={`${label}: ${user.username}`}
        className={buttonClass({
          variant: user.isAdmin ? "secondary" : "primary",
          size: "sm",
        })}
      >
        {label}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load users" actions={<RetryLink to="/admin/users" />} />;
}
