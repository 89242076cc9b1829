/** Views, grid columns, filters, sorts and audits as the API returns them (API-CONTRACT 1.10, 4.4-4.9). */
import type { FilterInput } from "../../db/views/inputs";
import type { Answer, RowListAnswer, ViewListAnswer } from "./app-types";

/** A record: cells are read through their field type (web/fields), so the page holds them unknown. */
export type Row = Record<string, unknown>;

/** A page of records as the rows list answers it, its cells unknown until a field type reads them. */
export type RowPage = Omit<RowListAnswer, "list"> & { list: Row[] };

type ViewAnswer = ViewListAnswer["list"][number];

/** The grid's settings among a view's sub-view settings (`view`): the one carrying a row height. */
type GridSettings = Extract<ViewAnswer["view"], { row_height: unknown }>;

/** A view as the views list answers it; `type`: 1 form, 2 gallery, 3 grid, 4 kanban, 5 map. */
export type View = Pick<ViewAnswer, "id" | "title" | "type"> &
  Partial<Pick<ViewAnswer, "is_default" | "fk_model_id" | "show_system_fields" | "lock_type" | "order">> &
  Partial<Pick<GridSettings, "row_height">> &
  Partial<Record<"view", Partial<GridSettings> | null>>;

type GridColumnAnswer = Answer<"/api/v1/db/meta/grids/:viewId/grid-columns", "$get">[number];
/** A grid column as the grid reads it; `show` is also read as 0/1. */
export type GridColumn = Pick<GridColumnAnswer, "id" | "fk_column_id" | "order"> &
  Partial<Pick<GridColumnAnswer, "width" | "group_by" | "group_by_order" | "group_by_sort" | "group_by_bucket">> & {
    show: GridColumnAnswer["show"] | number;
  };

export type LogicalOp = NonNullable<FilterInput["logical_op"]>;

type FilterAnswer = Answer<"/api/v1/db/meta/views/:viewId/filters", "$get">["list"][number];
/**
 * A filter as the builder edits it: what a request sends (db/views/inputs.ts) with the id and order
 * the server gave it; a group's children are filters too.
 */
export type Filter = Omit<FilterInput, "children"> &
  Partial<Pick<FilterAnswer, "id" | "order">> & { children?: Filter[] };

type SortAnswer = Answer<"/api/v1/db/meta/views/:viewId/sorts", "$get">["list"][number];
export type Sort = Pick<SortAnswer, "fk_column_id" | "direction"> & Partial<Pick<SortAnswer, "id" | "order">>;

export type Audit = Answer<"/api/v1/db/meta/audits/comments", "$get">["list"][number];
