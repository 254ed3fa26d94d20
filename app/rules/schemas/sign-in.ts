import { z } from "zod";
import {
  DEMO_USERNAME,
  DEMO_CASING_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
  RESET_PASSWORD_TOO_SHORT_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  PASSWORD_MIN,
  PASSWORD_MAX,
} from "../account-rules.ts";
import { INVITE_CODE_MAX, INVITE_UNKNOWN } from "../signup-rules.ts";
import { INVALID_TEXT } from "../../lib/text.ts";
import { secretField, tokenField } from "./text-fields.ts";

// One schema per account form: the page form (in the browser once it is used, and on the server),
// the page action and the JSON endpoint all parse with these. Messages are docs/product.md §5's, verbatim,
// where the spec has one; the texts the forms also show without zod are in ../account-rules.ts
// (import them from there).

/** A field's type messages: missing → "{label} is required", another type → "{label} must be text". */
const typed = (label: string) => ({ missing: `${label} is required`, wrongType: `${label} must be text` });

/** True for 'Demo_User', 'DEMO_USER' …: the demo name in any casing but the exact one. */
export function isMiscasedDemoName(username: string): boolean {
  return username !== DEMO_USERNAME && username.toLowerCase() === DEMO_USERNAME;
}

const loginName = tokenField(typed("Username"), INVALID_TEXT)
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .refine((v) => !isMiscasedDemoName(v), DEMO_CASING_MESSAGE);

const USERNAME_CHARACTERS = "Username may only contain letters, numbers, dots, hyphens and underscores";
export const UsernameSchema = tokenField(typed("Username"), USERNAME_CHARACTERS)
  .min(3, "Username must be at least 3 characters")
  .max(20, "Username must be at most 20 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, USERNAME_CHARACTERS);

export const EmailSchema = tokenField(typed("Email"), "Please enter a valid email address")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

const password = secretField(typed("Password"))
  .min(PASSWORD_MIN, "Password must be at least 6 characters")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Sign in: `username` may also be the account's e-mail address (docs/product.md §5: 3 to 50 characters). */
export const LoginSchema = z.object({ username: loginName, password });
export type LoginInput = z.infer<typeof LoginSchema>;

/** SIGNUP_MODE=invite asks for it (the model decides); other modes ignore it. Blank is absent. */
const inviteCode = tokenField("Invite code must be text", INVITE_UNKNOWN)
  .max(INVITE_CODE_MAX, INVITE_UNKNOWN)
  .transform((v) => v || undefined)
  .optional();

export const RegisterSchema = z.object({ username: UsernameSchema, email: EmailSchema, password, inviteCode });
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

const resetToken = tokenField(typed("Reset token"), INVALID_RESET_LINK_MESSAGE).min(1, INVALID_RESET_LINK_MESSAGE).max(200, INVALID_RESET_LINK_MESSAGE);
const newPassword = secretField(typed("New password"))
  .min(PASSWORD_MIN, RESET_PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** POST /api/reset-password {token, email, newPassword}. */
export const ResetPasswordSchema = z.object({ token: resetToken, email: EmailSchema, newPassword });

/** The reset page's form adds the confirmation field. */
export const ResetPasswordFormSchema = ResetPasswordSchema.extend({ confirmPassword: secretField(typed("Confirm password")) }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: PASSWORDS_MISMATCH_MESSAGE, path: ["confirmPassword"] },
);
