/** What the link host (link-host.tsx) offers its cells and dialogs; apart, so the dialogs need not import the host. */
import type { RowKey } from "../api/links-api";
import type { Column } from "../api/types";
import type { LinkedRecord } from "./link-values";

export interface LinkDialog {
  kind: "picker" | "list";
  column: Column;
  /** null: choose a record for the new row's belongs-to link. */
  rowKey: RowKey | null;
}

export interface LinkHostValue {
  projectId: string;
  tableId: string;
  keyTitle: string;
  canLink: boolean;
  canUnlink: boolean;
  open(dialog: LinkDialog): void;
  link(column: Column, rowKey: RowKey, record: LinkedRecord): Promise<boolean>;
  unlink(column: Column, rowKey: RowKey, record: LinkedRecord): Promise<boolean>;
  /** Belongs-to records chosen for the new row, by link title. */
  pending: Readonly<Record<string, LinkedRecord>>;
  setPending(column: Column, record: LinkedRecord | null): void;
  clearPending(): void;
}
