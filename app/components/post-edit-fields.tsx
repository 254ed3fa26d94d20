import { CATEGORIES } from "~/lib/category-list.ts";
import { FieldErrors, FormAlert, FormField, inputClass, type FieldState } from "./ui/field.tsx";

// The fields of a post's edit (title, category, quoted author), with their messages beside them: the
// /post/{id}/edit page (without JavaScript) and the card's in-place editor (with it) render the same
// fields for the same schema (PostEditSchema) and the same route action.

export type PostEditFieldStates = { title: FieldState; category: FieldState; commentAuthor: FieldState };

export function PostEditFields({
  form,
  fields,
  category,
  asModerator,
}: {
  form: { errorId: string; errors: string[] | undefined };
  fields: PostEditFieldStates;
  /** The category the post has now (the select's default). */
  category: string;
  /** An admin editing another member's post: the title and the category only. */
  asModerator: boolean;
}) {
  const categoryInvalid = Boolean(fields.category.errors?.length);
  return (
    <>
      <FormAlert id={form.errorId} title="Post not updated" errors={form.errors} />
      <FormField field={fields.title} label="Title" />
      <div className="space-y-1">
        <label htmlFor={fields.category.id} className="block text-sm font-medium text-slate-800">
          Category
        </label>
        <select
          id={fields.category.id}
          name={fields.category.name}
          defaultValue={fields.category.initialValue ?? category}
          aria-invalid={categoryInvalid || undefined}
          aria-describedby={categoryInvalid ? fields.category.errorId : undefined}
          className={inputClass}
        >
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.category.errorId} errors={fields.category.errors} />
      </div>
      {asModerator ? null : <FormField field={fields.commentAuthor} label="Comment author" />}
    </>
  );
}
