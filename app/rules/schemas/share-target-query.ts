import { z } from "zod";
import { truncateVisible } from "../../lib/text.ts";
import { textField } from "./text-fields.ts";

/**
 * How much of each shared field is read: a share sheet sends a title and a link, or a paragraph; what
 * is longer is cut here, before anything looks for a link in it (the server's request line is bounded
 * besides, 16 KB by Node's header limit).
 */
export const SHARED_FIELD_MAX = 2000;

const shared = (label: string) =>
  textField({ type: `The shared ${label} must be text.` })
    .transform((value) => truncateVisible(value, SHARED_FIELD_MAX))
    .optional();

/** The query of GET /share/target, as the manifest's `share_target` names it (docs/product.md §2). */
export const ShareTargetQuerySchema = z.object({ title: shared("title"), text: shared("text"), url: shared("link") });
