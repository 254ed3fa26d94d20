import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { REPORT_PARAM, reportParam } from "~/rules/interactions/report-url.ts";

// The Report entry of a card's menu, a comment's actions and a profile: a link to this very page
// with ?report=… (other parameters kept), which opens the report dialog (./report-dialog.tsx).

export function ReportLink({ targetType, targetId, className, label = "Report" }: { targetType: "post" | "comment" | "user"; targetId: number; className?: string; label?: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set(REPORT_PARAM, reportParam(targetType, targetId));
  return (
    <Link to={`${pathname}?${params}`} preventScrollReset className={className} rel="nofollow">
      {label}
    </Link>
  );
}
