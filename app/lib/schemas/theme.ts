import { z } from "zod";
import { THEMES } from "../theme.ts";

export const ThemeFormSchema = z.object({ theme: z.enum(THEMES, { error: "Unknown theme." }) });
