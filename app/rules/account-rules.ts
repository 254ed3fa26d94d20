// The account forms' limits and texts (docs/product.md §5), without zod: the forms in the browser show them,
// and the schemas in app/rules/schemas/sign-in.ts and account.ts check them.

export const DEMO_USERNAME = "demo_user";
export const DEMO_CASING_MESSAGE =
  "For the demo account, you must use the exact username 'demo_user' (case-sensitive)";
export const USERNAME_TAKEN_MESSAGE = "This username is already taken. Please choose another one.";
export const EMAIL_TAKEN_MESSAGE = "This email is already registered. Please use a different email address.";
export const PASSWORDS_MISMATCH_MESSAGE = "Passwords Don't Match: Please make sure both passwords are identical.";
export const RESET_PASSWORD_TOO_SHORT_MESSAGE = "Password Too Short: Password must be at least 6 characters long.";
export const INVALID_RESET_LINK_MESSAGE = "This password reset link is invalid or has expired.";
export const LOGIN_FAILED_MESSAGE = "Invalid username or password.";
/** SIGNUP_MODE=closed: the sign-up form and POST /api/register. */
export const SIGNUP_CLOSED_MESSAGE = "Sign-ups are closed on this site: only an admin can create accounts.";

export const PASSWORD_MIN = 6;
// argon2 takes any length, but nobody needs more and it bounds the work per attempt.
export const PASSWORD_MAX = 200;
