// The mark of an edited post or comment, alone in its module: the post card (on the home page) needs
// only this text, and importing edit-rules.ts would put the comment thread's edit helpers in the
// home page's script too.

export const EDITED_LABEL = "edited";
