import { ReportDialog } from "./report-dialog.tsx";
import { SuspensionBanner } from "./suspension-banner.tsx";
import { VerifyBanner } from "./verify-banner.tsx";

/** What the banner of every page says: a suspension's message, or the address still to verify. */
export type AccountBanner = { suspension: string } | { verify: string };

/**
 * The page's moderation parts, one lazy chunk (./lazy-parts.tsx) loaded only where one shows: the
 * suspension banner while the member's suspension lasts (or the banner of an address to verify), and
 * the report dialog while ?report= is open.
 */
export function ModerationParts({ banner, report }: { banner: AccountBanner | null; report: Parameters<typeof ReportDialog>[0]["target"] | null }) {
  return (
    <>
      {banner && "suspension" in banner ? <SuspensionBanner message={banner.suspension} /> : null}
      {banner && "verify" in banner ? <VerifyBanner email={banner.verify} /> : null}
      {report ? <ReportDialog target={report} /> : null}
    </>
  );
}
