/**
 * Options schemas are loose objects: the GUI sends extra keys in `meta` (icons, widths, flags of
 * newer versions), and rejecting them would break saving a column.
 */
import { z } from "zod";

/** A type with no settings of its own: any object, extra keys kept. */
export const NO_OPTIONS = z.looseObject({});
export type NoOptions = z.output<typeof NO_OPTIONS>;

/** An id of another meta object; stored colOptions rows may hold null for unused ones. */
export const metaId = z.string().min(1);
export const optionalMetaId = metaId.nullish();
