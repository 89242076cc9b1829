import { Redo2, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import type { GridField } from "../logic/grid-fields";
import type { FilterNode } from "../logic/filters";
import type { SortItem } from "../logic/sorts";
import { TOOL_BUTTON } from "../ui/popover";
import { FieldsMenu } from "./fields-menu";
import { FilterMenu } from "./filter-menu";
import { GridSearch } from "./grid-search";
import { GroupMenu } from "./group-menu";
import { NewRecordButton } from "../../shared/new-record-button";
import type { GroupLevel } from "../groups/group-levels";
import { RowHeightMenu } from "./row-height-menu";
import { SortMenu } from "./sort-menu";

export interface GridToolbarProps {
  title: string;
  columns: readonly Column[];
  searchColumns: readonly Column[];
  fields: readonly GridField[];
  onShowField(field: GridField, show: boolean): void;
  onMoveField(from: number, to: number): void;
  onAllFields(show: boolean): void;
  onEditFields: (() => void) | null;
  filters: FilterNode[];
  onFilters(next: FilterNode[]): void;
  sorts: readonly SortItem[];
  onSorts(next: SortItem[]): void;
  autoSave: boolean;
  mayPersist: boolean;
  canSave: boolean;
  onSave(): void;
  rowLevel: number;
  onRowLevel(level: number): void;
  search: { columnId: string | null; query: string };
  onSearch(search: { columnId: string | null; query: string }): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  onNewRecord: (() => void) | null;
  /** Group-by levels (issue 37); absent where the view does not group. */
  groups?: { levels: readonly GroupLevel[]; onChange(next: GroupLevel[]): void };
  /** The view's Colour menu (web/views/colour), where the caller may change colour rules. */
  colourMenu?: ReactNode;
  /** A locked view for this caller: fields, filters, sorts and row height are not offered. */
  shapeLocked?: boolean;
}

/** The grid's toolbar: fields, filters, groups, sorts, row height, search, undo/redo, new record. */
export function GridToolbar(p: GridToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-1 pb-2">
      <h2 className="me-2 text-lg font-semibold text-gray-900">{p.title}</h2>
      {p.shapeLocked ? null : (
        <>
          <FieldsMenu
            fields={p.fields}
            onShow={p.onShowField}
            onMove={p.onMoveField}
            onAll={p.onAllFields}
            onEditFields={p.onEditFields}
          />
          <FilterMenu
            filters={p.filters}
            columns={p.columns}
            onChange={p.onFilters}
            autoSave={p.autoSave}
            mayPersist={p.mayPersist}
            canSave={p.canSave}
            onSave={p.onSave}
          />
          {p.groups ? <GroupMenu levels={p.groups.levels} columns={p.columns} onChange={p.groups.onChange} /> : null}
          <SortMenu sorts={p.sorts} columns={p.columns} onChange={p.onSorts} />
          {p.colourMenu}
          <RowHeightMenu level={p.rowLevel} onChange={p.onRowLevel} />
        </>
      )}
      <button
        type="button"
        className={TOOL_BUTTON}
        aria-label={t("grid.undo")}
        title={t("grid.undo")}
        disabled={!p.canUndo}
        onClick={p.onUndo}
      >
        <Undo2 aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={TOOL_BUTTON}
        aria-label={t("grid.redo")}
        title={t("grid.redo")}
        disabled={!p.canRedo}
        onClick={p.onRedo}
      >
        <Redo2 aria-hidden="true" className="size-4" />
      </button>
      {/* On a narrow screen the search and "New record" wrap onto lines of their own rather than run off the edge. */}
      <div className="ms-auto flex min-w-0 max-w-full flex-wrap items-center justify-end gap-2">
        <GridSearch
          columns={p.searchColumns}
          columnId={p.search.columnId}
          query={p.search.query}
          onSearch={p.onSearch}
        />
        {p.onNewRecord ? <NewRecordButton onClick={p.onNewRecord} /> : null}
      </div>
    </div>
  );
}
