import { footerAggregate } from "./footer";
import { z } from "zod";
import { MAX_FILTER_VALUE_CHARS, metaLimit } from "../limits";
import { timelineFields } from "./timeline/settings";

/**
 * Request bodies of the view routes (contract 4.4, 4.6, 4.7). A failed parse is reported as
 * `<field>: <message>` (functions/lib/validate.ts), so messages here leave the field name out.
 * Unknown keys (the GUI sends its whole form object) are dropped.
 */
const kind = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "required" : `must be ${what}`),
});
const flag = z.union([z.boolean(), z.number()], kind("true or false"));
const meta = metaLimit(z.union([z.record(z.string(), z.unknown()), z.string()], kind("a JSON object")), "the settings");

/** A filter value's text, in all: a value or a list of them. */
const filterValueFits = (v: unknown) =>
  (Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : "").length <= MAX_FILTER_VALUE_CHARS;

export const createViewInput = z.object({
  title: z.string(kind("text")),
  copy_from_id: z.string(kind("a view id")).nullish(),
  /** Kanban: its SingleSelect stack field; gallery and kanban: the cover field. */
  fk_grp_col_id: z.string(kind("a column id")).nullish(),
  fk_cover_image_col_id: z.string(kind("a column id")).nullish(),
  /** Calendar: its date field(s), checked by calendar/settings.ts. */
  calendar_range: z.array(z.unknown(), kind("a list of {fk_from_column_id, fk_to_column_id}")).nullish(),
  lock_type: z.enum(["collaborative", "locked", "personal"], kind("collaborative, locked or personal")).nullish(),
  /** Timeline: where a bar starts and ends (or how many days it lasts), its lanes and arrows (timeline/settings.ts). */
  ...timelineFields,
});

export const updateViewInput = z.object({
  title: z.string(kind("text")).optional(),
  order: z.number(kind("a number")).optional(),
  show_system_fields: flag.optional(),
  lock_type: z.enum(["collaborative", "locked", "personal"], kind("collaborative, locked or personal")).optional(),
  meta: meta.nullish(),
});

const ROW_HEIGHT = "must be a whole number from 0 to 3";
export const updateGridInput = z.object({
  row_height: z.number(kind("a number")).int(ROW_HEIGHT).min(0, ROW_HEIGHT).max(3, ROW_HEIGHT).nullish(),
  meta: meta.nullish(),
});

const WIDTH = /^\d{1,5}(\.\d+)?(px)?$/;
const PIXELS = 'a size in pixels like "200px"';
export const viewColumnInput = z.object({
  show: flag.optional(),
  order: z.number(kind("a number")).optional(),
  width: z
    .union([z.string(), z.number()], kind(PIXELS))
    .refine((w) => WIDTH.test(String(w)), `must be ${PIXELS}`)
    .transform((w) => (String(w).endsWith("px") ? String(w) : `${w}px`))
    .nullish(),
  /** Group-by of a grid (NocoDB's grid column shape): on or off, its level (1..3) and direction. */
  group_by: flag.optional(),
  group_by_order: z.number(kind("a number")).optional(),
  group_by_sort: z.enum(["asc", "desc"], kind("asc or desc")).optional(),
  /** The grid footer's aggregate of the column (db/views/footer.ts); null: none. */
  aggregation: footerAggregate.nullable().optional(),
  /** A date field's groups by its day, month or year; null groups by the value itself. */
  group_by_bucket: z.enum(["day", "month", "year"], kind("day, month or year")).nullish(),
});

export const saveViewColumnInput = viewColumnInput.extend({ fk_column_id: z.string(kind("a column id")) });

export interface FilterInput {
  fk_column_id?: string | null;
  comparison_op?: string | null;
  comparison_sub_op?: string | null;
  value?: string | number | boolean | Array<string | number> | null;
  logical_op?: "and" | "or" | "not" | null;
  is_group?: boolean | number | null;
  fk_parent_id?: string | null;
  children?: FilterInput[];
}

export const filterInput: z.ZodType<FilterInput> = z.lazy(() =>
  z
    .object({
      fk_column_id: z.string(kind("a column id")).nullish(),
      comparison_op: z.string(kind("text")).nullish(),
      comparison_sub_op: z.string(kind("text")).nullish(),
      value: z
        .union(
          [z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))],
          kind("text, a number, true/false or a list"),
        )
        .nullish(),
      logical_op: z.enum(["and", "or", "not"], kind("and, or or not")).nullish(),
      is_group: flag.nullish(),
      fk_parent_id: z.string(kind("a filter group id")).nullish(),
      children: z.array(filterInput, kind("a list of filters")).max(100, "at most 100 filters in a group").optional(),
    })
    .refine((f) => filterValueFits(f.value), {
      message: `may be at most ${MAX_FILTER_VALUE_CHARS} characters`,
      path: ["value"],
    }),
);

export const sortInput = z.object({
  fk_column_id: z.string(kind("a column id")),
  direction: z.enum(["asc", "desc"], kind("asc or desc")).nullish(),
  push_to_top: flag.nullish(),
});

export const updateSortInput = z.object({
  fk_column_id: z.string(kind("a column id")).optional(),
  direction: z.enum(["asc", "desc"], kind("asc or desc")).optional(),
});
