import type { FormColumn } from "./inputs";

/** What the pages read of the shared-view meta (contract 6). */
export interface SharedMeta {
  id: string;
  title: string;
  type: number;
  uuid: string;
  meta: {
    allowCSVDownload?: boolean;
    surveyMode?: boolean;
    rtl?: boolean;
    withTheme?: boolean;
    theme?: { primaryColor?: string; accentColor?: string } | null;
    submitAccess?: "anyone" | "signedIn" | "members";
  };
  /** A form's start token (spam check) and the Turnstile site key when the app store has one. */
  form_start?: string;
  /** Seconds the server wants between reading the form and sending it (the page waits them out). */
  form_min_fill_seconds?: number;
  turnstile_site_key?: string | null;
  view: Record<string, unknown> & { fk_grp_col_id?: string; fk_cover_image_col_id?: string };
  model: { title: string; columns: FormColumn[] };
  /** A form's own columns (contract 1.10): `meta` holds each question's rules (db/views/form/rules.ts). */
  columns?: Array<{ fk_column_id: string; meta?: unknown }>;
  relatedMetas?: Record<string, { columns: FormColumn[] }>;
}
