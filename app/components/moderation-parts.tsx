import { ReportDialog } from "./report-dialog.tsx";
import { SuspensionBanner } from "./suspension-banner.tsx";

/**
 * The page's moderation parts, one lazy chunk (./lazy-parts.tsx) loaded only where one shows: the
 * suspension banner while the member's suspension lasts, and the report dialog while ?report= is open.
 */
export function ModerationParts({ suspension, report }: { suspension: string | null; report: Parameters<typeof ReportDialog>[0]["target"] | null }) {
  return (
    <>
      {suspension ? <SuspensionBanner message={suspension} /> : null}
      {report ? <ReportDialog target={report} /> : null}
    </>
  );
}
