import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { BIO_MAX, type ProfileFields } from "~/lib/profile.ts";
import { ProfileUpdateSchema } from "~/lib/schemas/profile.ts";
import { FieldErrors, FormAlert, FormField, useZodForm } from "../form-field.tsx";

export const EDIT_PROFILE_INTENT = "update-profile";

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
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
  action: string;
}) {
  const [form, f] = useZodForm("profile-edit", ProfileUpdateSchema, lastResult, fields);
  const [bioLength, setBioLength] = useState(String(f.bio.initialValue ?? "").length);
  const { key: bioKey, ...bioProps } = getTextareaProps(f.bio, { ariaDescribedBy: "bio-counter" });
  const failed = lastResult?.status === "error" ? Object.values(lastResult.error ?? {}).flat().filter((m): m is string => Boolean(m)) : [];
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-labelledby="profile-edit-title"
    >
      <h2 id="profile-edit-title" className="font-bold">
        Edit profile
      </h2>
      <FormAlert id="profile-edit-alert" title="Failed to update bio" errors={failed.length ? [failed[0]] : undefined} />
      <input type="hidden" name="intent" value={EDIT_PROFILE_INTENT} />
      <div className="space-y-1">
        <label htmlFor={f.bio.id} className="block text-sm font-medium text-slate-800">
          Bio
        </label>
        <textarea
          key={bioKey}
          {...bioProps}
          rows={4}
          onInput={(e) => setBioLength(e.currentTarget.value.length)}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
            f.bio.errors?.length ? "border-red-500" : "border-slate-300"
          }`}
        />
        <p id="bio-counter" aria-live="polite" className={`text-right text-xs ${bioLength > BIO_MAX ? "font-semibold text-red-700" : "text-slate-600"}`}>
          {bioLength}/{BIO_MAX}
        </p>
        <FieldErrors id={f.bio.errorId} errors={f.bio.errors} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField field={f.displayName} label="Display name" autoComplete="nickname" />
        <FormField field={f.website} label="Website" autoComplete="url" />
        <FormField field={f.location} label="Location" />
        <FormField field={f.occupation} label="Occupation" />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          Save
        </button>
        <Link to={cancelHref} className="rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold hover:bg-slate-100">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
