const TZ_COOKIE = "tz";

/** The viewer's IANA time zone from the client-hint cookie, UTC until it is known. */
export function getTimeZone(request: Request): string {
  const match = request.headers.get("Cookie")?.match(/(?:^|;\s*)tz=([^;]+)/);
  if (!match || match[1].length > 100) return "UTC";
  try {
    const tz = decodeURIComponent(match[1]);
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

/** Inline script: stores the browser's time zone so the next render uses it (server and client alike). */
export const clientHintScript = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf('${TZ_COOKIE}='+encodeURIComponent(z))<0)document.cookie='${TZ_COOKIE}='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax'}catch(e){}})()`;
