import { LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TableSummary } from "../../../api/types";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { SearchBox } from "../../../components/ui/search-box";
import { DashboardList } from "../../../dashboards/dashboard-list";
import { ImportMenu } from "../../../import/ui/import-entry";
import { useProject } from "../project-context";
import { useKeptInTrash } from "../trash/kept-in-trash";
import { CreateTableDialog } from "./create-table-dialog";
import { TableItem } from "./table-item";
import { TableNameDialog } from "./table-name-dialog";
import { useTableActions } from "./use-table-actions";

/** The sidebar: the project's tables in order, with create, rename, reorder and delete. */
export function TableList() {
  const { t } = useTranslation();
  const { tables, tablesLoading, can } = useProject();
  const { rename, remove, move } = useTableActions();
  const kept = useKeptInTrash();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TableSummary | null>(null);
  const [deleting, setDeleting] = useState<TableSummary | null>(null);
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  // A table whose name matches shows all its views; otherwise its views are narrowed to the search.
  const listed = tables.map((table) => ({
    table,
    filter: needle && !table.title.toLowerCase().includes(needle) ? needle : "",
  }));

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav aria-label={t("project.shell.sidebar")} className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2">
        <SearchBox label={t("views.search")} value={search} onValueChange={setSearch} className="mb-2" />
        <div className="flex items-center justify-between px-2 py-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{t("project.shell.tables")}</p>
          <div className="flex items-center gap-0.5">
            {can("tableCreate") ? (
              <IconButton label={t("project.shell.createTable")} icon={Plus} onClick={() => setCreating(true)} />
            ) : null}
            <ImportMenu />
          </div>
        </div>
        {tablesLoading ? (
          <LoaderCircle aria-label={t("app.loading")} className="mx-auto my-3 size-5 animate-spin text-primary" />
        ) : null}
        {!tablesLoading && tables.length === 0 ? (
          <p className="px-2 py-2 text-sm text-gray-500">{t("project.shell.noTables")}</p>
        ) : null}
        <ul className="flex flex-col gap-0.5">
          {listed.map(({ table, filter }, i) => (
            <TableItem
              filter={filter}
              key={table.id}
              table={table}
              first={i === 0}
              last={i === tables.length - 1}
              onRename={() => (rename.reset(), setRenaming(table))}
              onDelete={() => setDeleting(table)}
              onMove={(delta) => move.mutate({ id: table.id, delta })}
            />
          ))}
        </ul>
        <DashboardList />
      </nav>
      <CreateTableDialog open={creating} onOpenChange={setCreating} />
      <TableNameDialog
        open={renaming !== null}
        onOpenChange={(open) => (open ? undefined : setRenaming(null))}
        heading={t("project.tables.renameTitle")}
        submitLabel={t("project.tables.renameSubmit")}
        initial={renaming?.title}
        others={tables.filter((x) => x.id !== renaming?.id).map((x) => x.title)}
        pending={rename.isPending}
        error={rename.error}
        onSubmit={(title) =>
          renaming && rename.mutate({ id: renaming.id, title }, { onSuccess: () => setRenaming(null) })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("project.tables.deleteTitle")}
        body={t(kept ? "trash.tableDeleteBody" : "project.tables.deleteBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("project.tables.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
