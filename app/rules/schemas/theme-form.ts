import { z } from "zod";
import { THEMES } from "../../lib/theme-names.ts";

export const ThemeFormSchema = z.object({ theme: z.enum(THEMES, { error: "Unknown theme." }) });
