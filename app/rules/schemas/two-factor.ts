import { z } from "zod";
import { passwordToCheck } from "./account.ts";
import { tokenField } from "./text-fields.ts";

// Two-factor sign-in's inputs (the /account/two-factor and /auth/two-factor forms and the JSON calls).

export const INVALID_CODE = "Invalid code. Check your authenticator app and try again.";
export const CODE_REQUIRED = "Enter the code from your authenticator app.";

/** Spaces and dashes are how people copy codes ('123 456', 'abcd-efgh-…'): they are not part of them. */
const squeeze = (v: string) => v.replace(/[\s-]+/g, "").toLowerCase();

/** A 6-digit TOTP code (enabling checks it against the pending secret). */
const totpCode = tokenField(CODE_REQUIRED, INVALID_CODE)
  .max(40, INVALID_CODE)
  .transform(squeeze)
  .pipe(z.string().min(1, CODE_REQUIRED).regex(/^\d{6}$/, INVALID_CODE));

/** A TOTP code or a recovery code (16 letters and digits). */
const anyCode = tokenField(CODE_REQUIRED, INVALID_CODE)
  .max(40, INVALID_CODE)
  .transform(squeeze)
  .pipe(z.string().min(1, CODE_REQUIRED).regex(/^(\d{6}|[a-z2-7]{16})$/, INVALID_CODE));

/** Enabling: the password (a stolen session alone cannot) and one valid code from the app, which proves it holds the secret. */
export const TwoFactorEnableSchema = z.object({ password: passwordToCheck(), code: totpCode });

/** Disabling: the password and a code (TOTP or recovery). */
export const TwoFactorDisableSchema = z.object({ password: passwordToCheck(), code: anyCode });

/** The sign-in's second step: a TOTP code or a recovery code. */
export const TwoFactorCodeSchema = z.object({ code: anyCode });
