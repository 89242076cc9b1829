import { ArrowDown, ArrowUp, Pencil, Table2, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import type { TableSummary } from "../../../api/types";
import { IconButton } from "../../../components/ui/icon-button";
import { TablePresence } from "../../../realtime";
import { useProject } from "../project-context";
import { tabPath } from "../tabs/tabs";
import { ViewList } from "./view-list";

interface TableItemProps {
  table: TableSummary;
  first: boolean;
  last: boolean;
  onRename(): void;
  onDelete(): void;
  onMove(delta: -1 | 1): void;
  /** The sidebar search: views whose title contains it. */
  filter: string;
}

/** A table in the sidebar: opens its tab; rename, move and delete for those who may. */
export function TableItem({ table, first, last, onRename, onDelete, onMove, filter }: TableItemProps) {
  const { t } = useTranslation();
  const { basePath, can } = useProject();
  const title = table.title;
  return (
    <li data-testid="sidebar-table">
      <div className="group relative rounded-md hover:bg-gray-100">
        <NavLink
          to={tabPath(basePath, { id: table.id, type: "table", title })}
          className={({ isActive }) =>
            `flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm ${isActive ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`
          }
        >
          <Table2 aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{title}</span>
          <TablePresence title={title} />
        </NavLink>
        {/* Shown on hover or keyboard focus, over the end of the name. */}
        <div className="absolute end-1 top-1/2 flex -translate-y-1/2 rounded-md bg-gray-100 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
          {can("tableReorder") ? (
            <>
              <IconButton
                label={t("project.tables.moveUp", { title })}
                icon={ArrowUp}
                disabled={first}
                onClick={() => onMove(-1)}
              />
              <IconButton
                label={t("project.tables.moveDown", { title })}
                icon={ArrowDown}
                disabled={last}
                onClick={() => onMove(1)}
              />
            </>
          ) : null}
          {can("tableUpdate") ? (
            <IconButton label={t("project.tables.rename", { title })} icon={Pencil} onClick={onRename} />
          ) : null}
          {can("tableDelete") ? (
            <IconButton label={t("project.tables.delete", { title })} icon={Trash2} tone="danger" onClick={onDelete} />
          ) : null}
        </div>
      </div>
      <ViewList table={table} filter={filter} />
    </li>
  );
}
