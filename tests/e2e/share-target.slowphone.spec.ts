// Sharing from the phone on a cheap phone on a slow link (project `slowphone`): the share sheet's GET
// lands on the dialog at step 2 with the video before the page's code arrives, and what is typed then
// is still there when it does.
import { FAKE_VIDEOS, FUNNY_VIDEO } from "../fixtures/youtube-fake.ts";
import { beforeTheCode, expect, openEarly, test, waitForCode } from "./slow-phone.ts";

const { makeUser, loginAs } = await import("../fixtures/factories.ts");

test("a share from the phone shows step 2 with the video at once, and keeps what is typed before the code", async ({ page, context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
  await loginAs(context, makeUser().id);
  const shared = { title: "Cucumber panic", text: `Cucumber panic https://youtu.be/${FAKE_VIDEOS.funny}?si=AbCd` };
  await openEarly(page, `/share/target?${new URLSearchParams(shared)}`);
  const dialog = page.getByRole("dialog", { name: "Share a Funny Comment" });
  await expect(dialog.getByText("2. Comment Details")).toHaveAttribute("aria-current", "step");
  await expect(dialog.getByTestId("share-video")).toContainText(FUNNY_VIDEO.title);
  const author = dialog.getByLabel("Comment author");
  await beforeTheCode(page, "typing the comment's author", () => author.fill("@early_bird"));
  await waitForCode(page);
  await expect(author).toHaveValue("@early_bird");
  await expect(dialog).toHaveJSProperty("open", true);
});
