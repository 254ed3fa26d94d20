import { clientHintScript } from "~/http/cookies/client-hints.server.ts";
import { EARLY_INPUT_SCRIPT, JS_COMING_SCRIPT } from "./early-input.server.ts";

/** What <head> runs before any module: the time-zone cookie, <html data-js>, a note of what is typed early. */
export const HEAD_SCRIPT = `${clientHintScript};${JS_COMING_SCRIPT};${EARLY_INPUT_SCRIPT}`;
