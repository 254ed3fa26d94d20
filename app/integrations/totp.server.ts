import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

// Time-based one-time codes (RFC 6238) on otpauth, with the settings every authenticator app reads:
// SHA-1, 6 digits, 30-second steps. A code of the step before or after is accepted too (a phone's
// clock may be a little off). QR codes are drawn on the server by uqr, as SVG.

const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
const WINDOW = 1;

function totp(secret: string, label = "account", issuer = "Chortle") {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** A recovery code: 16 base32 letters and digits (80 bits, lower case), shown as 'abcd-efgh-ijkl-mnop'. */
export function newRecoveryCode(): string {
  return new Secret({ size: 10 }).base32.toLowerCase();
}

/** The otpauth:// URL an authenticator app scans: `issuer:label`, the secret and the settings. */
export function otpauthUrl({ secret, label, issuer }: { secret: string; label: string; issuer: string }): string {
  return totp(secret, label, issuer).toString();
}

/**
 * The time step a 6-digit `code` belongs to when it is valid for `secret` at `now` (±1 step), else
 * null. The caller refuses a step it already accepted (a code works once).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/** The code of `secret` at `timestamp` (tests, and nothing else, need to compute one). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

export type QrSvg = { viewBox: string; path: string };

/**
 * `text` as a QR code: the viewBox and the one path of the dark modules from uqr's SVG. The page
 * draws them with React (escaped like every attribute), so no markup string is ever injected.
 */
export function qrCodeSvg(text: string): QrSvg {
  const svg = renderSVG(text, { border: 2, pixelSize: 1 });
  const viewBox = /viewBox="([\d .]+)"/.exec(svg)?.[1];
  const path = /<path[^>]* d="([MmHhVvZz\d,. -]+)"/.exec(svg)?.[1];
  if (!viewBox || !path) throw new Error("uqr drew an SVG of an unexpected shape");
  return { viewBox, path };
}
