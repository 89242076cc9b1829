/** Views, grid columns, filters, sorts and audits as the API returns them (API-CONTRACT 1.10, 4.4-4.9). */
import type { PageInfo } from "./types";

export type Row = Record<string, unknown>;

export interface RowPage {
  list: Row[];
  pageInfo: PageInfo;
}

export interface View {
  id: string;
  title: string;
  /** 1 form, 2 gallery, 3 grid, 4 kanban, 5 map. */
  type: number;
  is_default?: boolean | number;
  fk_model_id?: string;
  show_system_fields?: boolean | number;
  lock_type?: string;
  order?: number;
  /** Grid row height (0..3), when the server carries the grid settings with the view. */
  row_height?: number | null;
  view?: { row_height?: number | null } | null;
}

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
