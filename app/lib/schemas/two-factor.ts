import { z } from "zod";
import { PASSWORD_MAX } from "../account-rules.ts";
import { PASSWORD_REQUIRED } from "./account.ts";

// Two-factor sign-in's inputs (the /account/two-factor and /auth/two-factor forms and the JSON calls).

export const INVALID_CODE = "Invalid code. Check your authenticator app and try again.";
export const CODE_REQUIRED = "Enter the code from your authenticator app.";

/** Spaces and dashes are how people copy codes ('123 456', 'abcd-efgh-…'): they are not part of them. */
const squeeze = (v: string) => v.replace(/[\s-]+/g, "").toLowerCase();

/** A 6-digit TOTP code (enabling checks it against the pending secret). */
const totpCode = z
  .string({ error: CODE_REQUIRED })
  .max(40, INVALID_CODE)
  .transform(squeeze)
  .pipe(z.string().min(1, CODE_REQUIRED).regex(/^\d{6}$/, INVALID_CODE));

/** A TOTP code or a recovery code (16 letters and digits). */
const anyCode = z
  .string({ error: CODE_REQUIRED })
  .max(40, INVALID_CODE)
  .transform(squeeze)
  .pipe(z.string().min(1, CODE_REQUIRED).regex(/^(\d{6}|[a-z2-7]{16})$/, INVALID_CODE));

/** The member's password, asked again before two-factor sign-in is turned on or off. */
const currentPassword = z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Enabling: the password (a stolen session alone cannot) and one valid code from the app, which proves it holds the secret. */
export const TwoFactorEnableSchema = z.object({ password: currentPassword, code: totpCode });

/** Disabling: the password and a code (TOTP or recovery). */
export const TwoFactorDisableSchema = z.object({ password: currentPassword, code: anyCode });

/** The sign-in's second step: a TOTP code or a recovery code. */
export const TwoFactorCodeSchema = z.object({ code: anyCode });
