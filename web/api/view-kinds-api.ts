/** Creating and shaping views of every type, their settings and the grouped list (API-CONTRACT 4.4, 5.1). */
import { api } from "../lib/api";
import type { FormImageItem } from "../../db/views/form/images";
import type { Row, RowPage, View } from "./view-types";

const meta = "/api/v1/db/meta";
const data = "/api/v1/db/data/noco";
const enc = encodeURIComponent;

export type ViewKind = "grid" | "form" | "gallery" | "kanban" | "calendar";
const ROUTE: Record<ViewKind, string> = {
  grid: "grids",
  form: "forms",
  gallery: "galleries",
  kanban: "kanbans",
  calendar: "calendars",
};

export interface CreateViewBody {
  title: string;
  copy_from_id?: string | null;
  fk_grp_col_id?: string | null;
  fk_cover_image_col_id?: string | null;
  calendar_range?: Array<{ fk_from_column_id: string; fk_to_column_id?: string | null }>;
}

export interface ViewColumn {
  id: string;
  fk_column_id: string;
  show: boolean;
  order: number;
}

export interface FormSettings {
  heading: string | null;
  subheading: string | null;
  success_msg: string | null;
  redirect_url: string | null;
  redirect_after_secs: number | null;
  email: boolean;
  submit_another_form: boolean;
  show_blank_form: boolean;
  /** An uploaded image (signed when read) or, on older forms, an address. */
  banner_image_url: string | FormImageItem | null;
  logo_url: string | FormImageItem | null;
}

export interface FormColumn extends ViewColumn {
  label: string | null;
  help: string | null;
  required: boolean;
  /** Free-form; the question's rules live here (db/views/form/rules.ts). */
  meta?: Record<string, unknown>;
}

export interface KanbanSettings {
  fk_grp_col_id: string | null;
  fk_cover_image_col_id: string | null;
  meta: string;
}

export interface GallerySettings {
  fk_cover_image_col_id: string | null;
  meta: string;
}

export interface CalendarSettings {
  calendar_range: Array<{ fk_from_column_id: string; fk_to_column_id: string | null }>;
  meta: string;
  /** Set while an iCal feed is open; its address is answered only when it is made. */
  ical_feed?: { created_at: string } | null;
}

export interface Group {
  key: string | null;
  value: RowPage;
}

export const viewKindsApi = {
  create: (kind: ViewKind, tableId: string, body: CreateViewBody) =>
    api.post<View>(`${meta}/tables/${enc(tableId)}/${ROUTE[kind]}`, body),
  update: (
    viewId: string,
    body: { title?: string; order?: number; lock_type?: string; meta?: Record<string, unknown> },
  ) => api.patch<View>(`${meta}/views/${enc(viewId)}`, body),
  remove: (viewId: string) => api.del<boolean>(`${meta}/views/${enc(viewId)}`),
  columns: async (viewId: string) =>
    (await api.get<{ list: ViewColumn[] }>(`${meta}/views/${enc(viewId)}/columns`)).list,
  setColumn: (viewId: string, columnId: string, body: { show?: boolean; order?: number }) =>
    api.post<ViewColumn>(`${meta}/views/${enc(viewId)}/columns`, { fk_column_id: columnId, ...body }),
  setAll: (viewId: string, show: boolean) =>
    api.post<boolean>(`${meta}/views/${enc(viewId)}/${show ? "show-all" : "hide-all"}`),
  form: (viewId: string) => api.get<FormSettings & { columns: FormColumn[] }>(`${meta}/forms/${enc(viewId)}`),
  updateForm: (viewId: string, body: Partial<FormSettings>) => api.patch<number>(`${meta}/forms/${enc(viewId)}`, body),
  updateFormColumn: (
    id: string,
    body: Partial<Pick<FormColumn, "label" | "help" | "required" | "show" | "order" | "meta">>,
  ) => api.patch<number>(`${meta}/form-columns/${enc(id)}`, body),
  gallery: (viewId: string) => api.get<GallerySettings>(`${meta}/galleries/${enc(viewId)}`),
  updateGallery: (
    viewId: string,
    body: Partial<Pick<GallerySettings, "fk_cover_image_col_id">> & { meta?: Record<string, unknown> },
  ) => api.patch<number>(`${meta}/galleries/${enc(viewId)}`, body),
  kanban: (viewId: string) => api.get<KanbanSettings>(`${meta}/kanbans/${enc(viewId)}`),
  updateKanban: (viewId: string, body: { fk_grp_col_id?: string; meta?: Record<string, unknown> }) =>
    api.patch<number>(`${meta}/kanbans/${enc(viewId)}`, body),
  calendar: (viewId: string) => api.get<CalendarSettings>(`${meta}/calendars/${enc(viewId)}`),
  updateCalendar: (viewId: string, body: Partial<Pick<CalendarSettings, "calendar_range">>) =>
    api.patch<CalendarSettings>(`${meta}/calendars/${enc(viewId)}`, body),
  openFeed: (viewId: string) => api.post<{ url: string; created_at: string }>(`${meta}/calendars/${enc(viewId)}/ical`),
  closeFeed: (viewId: string) => api.del<boolean>(`${meta}/calendars/${enc(viewId)}/ical`),
  grouped: (
    projectId: string,
    tableId: string,
    viewId: string,
    columnId: string,
    q: { limit: number; offset?: number; keys?: Array<string | null>; where?: string },
  ) =>
    api.get<Group[]>(`${data}/${enc(projectId)}/${enc(tableId)}/views/${enc(viewId)}/group/${enc(columnId)}`, {
      query: {
        limit: q.limit,
        offset: q.offset ?? 0,
        optionsArrJson: q.keys ? JSON.stringify(q.keys) : undefined,
        where: q.where || undefined,
      },
    }),
  submitForm: (projectId: string, tableId: string, viewId: string, row: Row) =>
    api.post<Row>(`${data}/${enc(projectId)}/${enc(tableId)}/views/${enc(viewId)}`, row),
};
