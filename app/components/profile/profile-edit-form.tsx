import { Form } from "react-router";
import { BIO_MAX, type ProfileFields } from "~/rules/profile-rules.ts";
import { buttonClass, LinkButton } from "../ui/button.tsx";
import { FormAlert, FormField, TextareaWithCounter, useZodForm, type FormResult } from "../ui/field.tsx";
import { EDIT_PROFILE_INTENT } from "~/rules/profile-rules.ts";


/**
 * The owner's edit form (URL state ?edit=profile, so it works without JS): bio with a live N/300
 * counter, display name, location, occupation, website. It posts to the profile layout's action,
 * which checks it with the same schema; Cancel goes back to the tab without the form.
 */
export function ProfileEditForm({
  fields,
  lastResult,
  cancelHref,
  action,
}: {
  fields: ProfileFields;
  lastResult: FormResult;
  cancelHref: string;
  action: string;
}) {
  const [form, f] = useZodForm("profile-edit", () => import("~/rules/schemas/profile-input.ts").then((m) => m.ProfileUpdateSchema), lastResult, fields);
  const failed = lastResult?.status === "error" ? Object.values(lastResult.error ?? {}).flat().filter((m): m is string => Boolean(m)) : [];
  return (
    <Form
      method="post"
      action={action}
      {...form.props}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-labelledby="profile-edit-title"
    >
      <h2 id="profile-edit-title" className="font-bold">
        Edit profile
      </h2>
      <FormAlert id="profile-edit-alert" title="Failed to update bio" errors={failed.length ? [failed[0]] : undefined} />
      <input type="hidden" name="intent" value={EDIT_PROFILE_INTENT} />
      <TextareaWithCounter
        id={f.bio.id}
        name={f.bio.name}
        label="Bio"
        max={BIO_MAX}
        rows={4}
        defaultValue={f.bio.initialValue ?? ""}
        error={f.bio.errors?.[0]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField field={f.displayName} label="Display name" autoComplete="nickname" />
        <FormField field={f.website} label="Website" autoComplete="url" />
        <FormField field={f.location} label="Location" />
        <FormField field={f.occupation} label="Occupation" />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass()}>
          Save
        </button>
        <LinkButton to={cancelHref} variant="secondary">
          Cancel
        </LinkButton>
      </div>
    </Form>
  );
}
