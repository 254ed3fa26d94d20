// Forms that bots fill and people do not (docs/product.md §11 "Spam"): the field names the sign-up,
// share and comment forms carry and the words a refused sender reads. No zod, no server code: the
// components draw the fields, app/http/bot-trap.server.ts checks them (the route contract's `botTrap`).

/** A text field nobody sees, hears or reaches with the keyboard: a person leaves it empty. */
export const HONEYPOT_FIELD = "homepage";
/** The sign-up form's signed time stamp: when the form was drawn. */
export const DRAWN_FIELD = "drawn";

export const HONEYPOT_MESSAGE = "This form was filled in a way people don't fill it. Please check it and send it again.";
export const TOO_QUICK_MESSAGE = "That was quicker than a person usually fills this form. Check your details and press Sign Up again.";
export const STAMP_UNREADABLE_MESSAGE = "This form is too old or was not drawn by this site. Check your details and press Sign Up again.";

/** A drawn sign-up form is good for a day; an older one is drawn again. */
export const DRAWN_FORM_MAX_HOURS = 24;
