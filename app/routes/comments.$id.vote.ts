import { redirectLoader } from "~/http/contract.server.ts";
import { voteFormAction } from "~/routes/vote-form.server.ts";

// POST /comments/:id/vote, direction=up|down and seen=up|down|none (the vote its voter saw): the
// same direction again takes the vote back, the other one switches it. A GET goes home (a comment
// has no page of its own).

export const loader = redirectLoader(() => "/");

export const action = voteFormAction("comment");
