/** A date column's `date_format` option (dates.ts reads and writes text in it; it stays free of zod for the shared form). */
import { z } from "zod";

export const DATE_FORMAT = z.string().min(1).default("YYYY-MM-DD");
