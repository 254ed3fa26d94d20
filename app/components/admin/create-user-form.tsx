import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/components/hooks.ts";
import { Card } from "~/components/ui/card.tsx";
import { FormAlert, FormField, useZodForm, type FormResult } from "~/components/ui/field.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { showToast } from "~/components/toaster.tsx";

const CREATE_FAILED = "Failed to create user. Please try again.";

/**
 * The admin's create-user form: the registration rules (the shared schema, in the browser once the
 * form is used, and by the action) and 'Grant admin privileges'. With JavaScript the button waits for the three fields.
 */
export function CreateUserForm({ lastResult }: { lastResult: FormResult }) {
  const [form, fields] = useZodForm("create-user", () => import("~/rules/schemas/admin.ts").then((m) => m.AdminCreateUserSchema), lastResult);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("form") === "create-user";
  // What the fields hold, typed before the code arrived included (ui/dom-value.ts).
  const incomplete = hydrated && !["username", "email", "password"].every((name) => form.values[name]?.trim());
  // With JavaScript a refusal is also announced as docs/product.md §8's toast (the messages stay on the fields).
  useEffect(() => {
    const errors = lastResult?.status === "error" ? Object.values(lastResult.error ?? {}).flat() : [];
    const first = errors.find((e): e is string => typeof e === "string");
    if (first) showToast({ type: "error", title: CREATE_FAILED, description: first });
  }, [lastResult]);
  return (
    <Card className="p-4">
      <h2 id="create-user-heading" className="font-semibold">
        Create user
      </h2>
      <Form method="post" {...form.props} aria-labelledby="create-user-heading" className="mt-3 grid gap-3 md:grid-cols-3">
        <input type="hidden" name="form" value="create-user" />
        <div className="md:col-span-3">
          <FormAlert id={form.errorId} title={CREATE_FAILED} errors={form.errors} />
        </div>
        <FormField field={fields.username} label="Username" autoComplete="off" />
        <FormField field={fields.email} label="Email" type="email" autoComplete="off" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" />
        <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={fields.isAdmin.name} className="h-4 w-4 accent-brand" />
            Grant admin privileges
          </label>
          <button type="submit" disabled={incomplete || busy} className={buttonClass()}>
            {busy ? "Creating…" : "Create User"}
          </button>
        </div>
      </Form>
    </Card>
  );
}
