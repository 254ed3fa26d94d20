// Step 1 'Video & Title': the link, the video it leads to (or why not) and the post's title.
import { Form } from "react-router";
import { buttonClass, LinkButton } from "~/components/ui/button.tsx";
import { SHARE_PARAM, type OpenShareDialog } from "~/rules/share-dialog-state.ts";
import { ApiError, Field, Hidden, TextInput, VideoCard } from "./fields.tsx";
import { Honeypot } from "~/components/ui/honeypot.tsx";

export function VideoStep({ share, timeZone }: { share: OpenShareDialog; timeZone: string }) {
  const { values, errors, video } = share;
  // Focus goes to the first field with a problem (the link's, else the title's).
  const titleFirst = Boolean(errors.title && !errors.url);
  return (
    <Form method="post" action="/share" preventScrollReset className="space-y-4" noValidate>
      <Honeypot />
      <Hidden share={share} names={["text", "author", "category", "order", "pick"]} />
      {video ? <input type="hidden" name="vid" value={video.details.id} /> : null}
      <Field id="share-url" label="YouTube video URL" error={errors.url}>
        <TextInput
          id="share-url"
          error={errors.url}
          name={SHARE_PARAM.url}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.url}
          placeholder="https://www.youtube.com/watch?v=…"
          data-autofocus={titleFirst ? undefined : ""}
        />
      </Field>
      {share.apiError ? <ApiError message={share.apiError} keyNotConfigured={Boolean(video?.keyNotConfigured)} /> : null}
      {video ? <VideoCard details={video.details} timeZone={timeZone} /> : null}
      <Field id="share-title" label="Post title" error={errors.title}>
        <TextInput
          id="share-title"
          error={errors.title}
          name={SHARE_PARAM.title}
          defaultValue={values.title}
          placeholder="Give it a catchy title"
          data-autofocus={titleFirst ? "" : undefined}
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <LinkButton to={share.closeHref} preventScrollReset variant="secondary">
          Cancel
        </LinkButton>
        <button type="submit" name="intent" value="next" className={buttonClass()}>
          Next Step
        </button>
      </div>
    </Form>
  );
}
