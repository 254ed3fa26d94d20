// Secrets a URL can carry, kept out of every log line (decision 0168): a private
// feed's token is its file name (/feeds/following/{token}.xml, routes/syndication/following.ts); a
// password reset link's token and e-mail (reset-password.tsx), an e-mail verification link's token
// (account.verify-email.ts) and an unsubscribe link's signature (email.unsubscribe.tsx) are query
// parameters. server/observe.js runs every line through it (the request line, the app's messages,
// an error's message and stack); a new route with a secret in its URL adds its pattern here.
const SECRET_PATH = /(\/feeds\/following\/)(?!token(?=[/?#\s"'\\]|$))[^/?#\s"'\\]+/gi;
const SECRET_PARAM = /([?&](?:token|sig|email)=)[^&#\s"'\\]*/gi;
const MAY_HOLD = /following|=/i;

/** `text` with the secrets above replaced by "[redacted]"; anything not a string as it is. */
export function redactSecrets(text) {
  if (typeof text !== "string") return text;
  // The common case (no feed path, no query parameter) costs one search.
  if (!MAY_HOLD.test(text)) return text;
  return text.replace(SECRET_PATH, "$1[redacted]").replace(SECRET_PARAM, "$1[redacted]");
}

/** Routes whose whole path is a secret, logged as these (whatever the URL's spelling or encoding). */
const SECRET_ROUTES = new Map([["routes/syndication/following", "/feeds/following/[redacted]"]]);

/** A request's path (without its query) as a log line may hold it, for the route React Router matched. */
export const redactPath = (path, route) => SECRET_ROUTES.get(route) ?? redactSecrets(path);
