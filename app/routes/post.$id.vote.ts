import { redirectLoader } from "~/http/contract.server.ts";
import { voteFormAction } from "~/routes/vote-form.server.ts";

// POST /post/:id/vote, direction=up|down and seen=up|down|none (the vote its voter saw): the same
// direction again takes the vote back, the other one switches it. A GET goes to the post.

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}`);

export const action = voteFormAction("post");
