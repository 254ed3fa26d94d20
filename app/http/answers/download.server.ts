/** A JSON document the browser saves as a file (`filename`) instead of showing; never kept by a cache. */
export function jsonDownload(body: unknown, filename: string): Response {
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
