import { jsonDownload } from "~/http/answers/download.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { isProblem } from "~/lib/problem.ts";
import { exportFileName, exportMemberData } from "~/models/account/data-export.server.ts";

// GET /account/export: 'Download my data' from the owner's about tab, a plain link that works without
// JavaScript. The file downloads and the page stays; refused (once an hour), the member lands back on
// the about tab with the reason as a toast. A visitor signs in first and comes back here. The demo
// account may export (the model leaves its sessions out).
export const loader = page({ who: "member" }, ({ user }) => {
  try {
    const data = exportMemberData({ userId: user.id });
    return jsonDownload(data, exportFileName(data));
  } catch (error) {
    if (!isProblem(error)) throw error;
    return redirectWithToast(`/profile/${user.id}/about#account-export`, {
      type: "error",
      title: "Could not download your data",
      description: error.message,
    });
  }
});
