/** Views, grid columns, filters, sorts and audits as the API returns them (API-CONTRACT 1.10, 4.4-4.9). */
import type { RowListAnswer, ViewListAnswer } from "./app-types";

/** A record: cells are read through their field type (web/fields), so the page holds them unknown. */
export type Row = Record<string, unknown>;

export type RowPage = { list: Row[]; pageInfo: RowListAnswer["pageInfo"] };

type ViewAnswer = ViewListAnswer["list"][number];

/** A view as the views list answers it; `type`: 1 form, 2 gallery, 3 grid, 4 kanban, 5 map. */
export type View = Pick<ViewAnswer, "id" | "title" | "type"> &
  Partial<Pick<ViewAnswer, "is_default" | "fk_model_id" | "show_system_fields" | "lock_type" | "order">> & {
    /** Grid row height (0..3), when the server carries the grid settings with the view. */
    row_height?: number | null;
    view?: { row_height?: number | null } | null;
  };

export interface GridColumn {
  id: string;
  fk_column_id: string;
  show: boolean | number;
  order: number;
  /** "200px", or unset. */
  width?: string | null;
}

export type LogicalOp = "and" | "or" | "not";

export interface Filter {
  id?: string;
  fk_column_id?: string | null;
  fk_parent_id?: string | null;
  comparison_op?: string | null;
  comparison_sub_op?: string | null;
  value?: string | number | boolean | null;
  logical_op?: LogicalOp | null;
  is_group?: boolean | number | null;
  order?: number;
  children?: Filter[];
}

export interface Sort {
  id?: string;
  fk_column_id: string;
  direction: "asc" | "desc";
  order?: number;
}

export interface Audit {
  id: string;
  op_type: string;
  op_sub_type?: string | null;
  user?: string | null;
  description?: string | null;
  details?: unknown;
  created_at: string;
}
