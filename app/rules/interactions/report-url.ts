// The report dialog's URL state, apart from the rest of the report contract (./report.ts): the
// Report link on every card needs only this.

/** The `?report=` URL state of the dialog: "post-12", "comment-7", "user-3". */
export const REPORT_PARAM = "report";
export function reportParam(targetType: "post" | "comment" | "user", targetId: number): string {
  return `${targetType}-${targetId}`;
}
export function readReportParam(value: string | null): { targetType: "post" | "comment" | "user"; targetId: number } | null {
  const match = value ? /^(post|comment|user)-([1-9]\d{0,15})$/.exec(value) : null;
  return match ? { targetType: match[1] as "post" | "comment" | "user", targetId: Number(match[2]) } : null;
}
