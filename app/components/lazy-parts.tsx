// The parts of the page shell whose code loads only where it is used (app/components/lazy.tsx):
// - the share dialog (its two steps, the comment picker): on pages where it is open, or when the
//   pointer or focus reaches a link that opens it;
// - the header's notification bell (polling, the dropdown list) and account menu: for members only;
// - the profile's edit form: when it is open;
// - the empty Following feed's suggestions (with their Follow buttons): when the feed is empty;
// - a confirmation's second step (ConfirmForm: its dialog and form): when it is open.
// Render them without a <Suspense> around: React's server renderer sends a boundary of over 500
// bytes that comes late in a large document out of place, to be moved in by a script, so without
// JavaScript only its fallback would show. Without one, the browser's hydration (a transition)
// waits for the chunk, and a navigation that opens one shows it once its chunk is in.
import { lazyComponent } from "./lazy.tsx";

const shareDialog = lazyComponent(() => import("./share-dialog.tsx").then((m) => m.ShareDialog));
const memberControls = lazyComponent(() => import("./member-controls.tsx").then((m) => m.MemberControls));
const profileEditForm = lazyComponent(() => import("./profile/profile-edit-form.tsx").then((m) => m.ProfileEditForm));
const followSuggestions = lazyComponent(() => import("./profile/follow-suggestions.tsx").then((m) => m.FollowSuggestions));
const confirmStep = lazyComponent(() => import("./ui/confirm-step.tsx").then((m) => m.ConfirmStep));
// The account banners (a suspension, an address to verify) and the report dialog: on pages where one shows.
const moderationParts = lazyComponent(() => import("./moderation-parts.tsx").then((m) => m.ModerationParts));
// A new member's own posts or comments that wait for a moderator: on the pages where they have some.
const heldList = lazyComponent(() => import("./held-list.tsx").then((m) => m.HeldList));

export const LazyShareDialog = shareDialog.Component;
export const preloadShareDialog = shareDialog.preload;
export const LazyMemberControls = memberControls.Component;
export const LazyProfileEditForm = profileEditForm.Component;
export const preloadProfileEditForm = profileEditForm.preload;
export const LazyFollowSuggestions = followSuggestions.Component;
export const LazyConfirmStep = confirmStep.Component;
export const LazyModerationParts = moderationParts.Component;
export const LazyHeldList = heldList.Component;

// The server renders them whole from the first request on.
if (import.meta.env.SSR) await Promise.all([shareDialog.ready(), memberControls.ready(), profileEditForm.ready(), followSuggestions.ready(), confirmStep.ready(), moderationParts.ready(), heldList.ready()]);
