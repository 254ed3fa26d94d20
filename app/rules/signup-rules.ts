// Sign-up defences (docs/product.md §11, SIGNUP_MODE=verify|invite): the limits and the texts a member
// reads, without zod or server code (the banner, the refusals, the invite list say the same words).

/** A verification link works for a day; a new one can be asked for once a minute. */
export const VERIFY_LINK_HOURS = 24;
export const VERIFY_RESEND_SECONDS = 60;

/** Every write of an account whose address is not verified yet (decided with who may act). */
export const VERIFY_FIRST = "Please verify your e-mail address first: open the link we mailed you, or ask for a new one.";
/** The banner on every page until then. */
export function verifyBannerText(email: string): string {
  return `Check your mail: open the link we sent to ${email} to verify your address. Until then you can read but not write.`;
}
export const VERIFY_LINK_INVALID = "This verification link is invalid or has expired.";
export const ALREADY_VERIFIED = "Your e-mail address is already verified.";
export const VERIFY_RESEND_TOO_SOON = `A link was sent less than a minute ago: check your mail, or ask again in a minute.`;
/** The address has had its share of mail for now (decision 0190). */
export const VERIFY_MAIL_CAPPED = "We have sent this address as many mails as we may for now: check your mail (and its spam folder), or ask again later.";
export const VERIFIED_TOAST = { type: "success", title: "E-mail verified", description: "Thanks: your address is verified and your account can write." } as const;
export function resentToast(email: string) {
  return { type: "success", title: "Link sent", description: `We sent a new verification link to ${email}.` } as const;
}

/** SIGNUP_MODE=invite: the code on the sign-up form and in POST /api/register. */
export const INVITE_CODE_MAX = 40;
export const INVITE_REQUIRED = "An invite code is required to sign up on this site.";
export const INVITE_UNKNOWN = "This invite code is unknown or has already been used.";
/** A member may hold this many unused codes at a time (admins any number). */
export const INVITE_UNUSED_MAX = 5;
/** A member's account must be this old to make codes. */
export const INVITE_MIN_AGE_DAYS = 7;
export const INVITE_TOO_NEW = `Members can make invites once their account is ${INVITE_MIN_AGE_DAYS} days old.`;
export const INVITE_TOO_MANY = `You already have ${INVITE_UNUSED_MAX} unused invites: share those first.`;
export const INVITE_NOT_IN_GOOD_STANDING = "A suspended account cannot make invites.";
export const INVITE_HINT = "Sign-ups on this site need an invite: ask a member for a code.";
export const VERIFY_MAIL_SENT = "We sent you a link: open it to verify your e-mail address.";
export const INVITE_CREATED_TITLE = "Invite created";
