import { z } from "zod";
import { PASSWORD_MAX, PASSWORDS_MISMATCH_MESSAGE } from "../account-rules.ts";
import { ResetPasswordSchema } from "./sign-in.ts";
import { secretField } from "./text-fields.ts";

export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";

/** Change password (page form and action): current password, the new one twice (docs/product.md §5's reset rules). */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: secretField(CURRENT_PASSWORD_REQUIRED)
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    newPassword: ResetPasswordSchema.shape.newPassword,
    confirmPassword: secretField("Confirm password is required"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_MISMATCH_MESSAGE, path: ["confirmPassword"] });

export const PASSWORD_REQUIRED = "Password is required";
export const DELETE_PASSWORD_WRONG = "Incorrect password";

/** 'Delete my account' (the confirmation page's form and action): the member's password. */
export const DeleteAccountFormSchema = z.object({
  password: passwordToCheck(),
});

/** A password the member types to prove it is them (deleting the account, turning two-factor off): the stored one decides. */
export function passwordToCheck() {
  return secretField(PASSWORD_REQUIRED).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
}
