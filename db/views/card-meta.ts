import { bad } from "../errors";

/**
 * Display settings kept in the meta of gallery and kanban views, checked when saved:
 * - `coverFit`: "crop" (the image fills the cover, cut to fit; the default) or "fit" (the whole
 *   image shows, with bands);
 * - kanban only, `wipLimits`: `{stackId: n}`, the most cards a stack should hold (work in
 *   progress), a whole number from 1 to WIP_MAX; a stack without one has no limit.
 */
export const COVER_FITS = ["crop", "fit"] as const;
export const WIP_MAX = 100_000;

export function checkCardMeta(text: string, kind: "gallery" | "kanban"): string {
  const meta = JSON.parse(text) as Record<string, unknown>;
  if (meta.coverFit !== undefined && !(COVER_FITS as readonly unknown[]).includes(meta.coverFit))
    throw bad(`meta.coverFit: must be one of ${COVER_FITS.join(", ")}`);
  if (kind === "kanban" && meta.wipLimits !== undefined) {
    const limits = meta.wipLimits;
    if (!limits || typeof limits !== "object" || Array.isArray(limits))
      throw bad("meta.wipLimits: must be an object of stack ids to limits");
    for (const [stack, n] of Object.entries(limits)) {
      if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > WIP_MAX)
        throw bad(`meta.wipLimits.${stack}: must be a whole number from 1 to ${WIP_MAX}`);
    }
  }
  return text;
}
