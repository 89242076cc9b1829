import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/ui/empty-state";
import { FullPageSpinner } from "../../components/ui/spinner";
import { useTableImportVersion } from "../../import/ui/import-request";
import { TableTools } from "../../import/ui/table-tools";
import { ViewScreen } from "../../views/view-screen";
import { useProject } from "./project-context";
import { useTabs } from "./tabs/tabs-context";

/** "table/:title/:viewTitle?": opens (or focuses) the table's tab and shows its grid. */
function TableTab() {
  const { t } = useTranslation();
  const { title = "", viewTitle } = useParams();
  const { tables, tablesLoading } = useProject();
  const { open } = useTabs();
  const table = tables.find((x) => x.title === title);
  const importVersion = useTableImportVersion(table?.id ?? "");
  useEffect(() => {
    if (table) open({ id: table.id, type: "table", title: table.title, viewTitle: viewTitle ?? null });
  }, [open, table, viewTitle]);
  if (!table)
    return tablesLoading ? (
      <FullPageSpinner />
    ) : (
      <EmptyState icon={SearchX} body={t("project.tab.notFound", { title })} />
    );
  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <TableTools tableId={table.id} viewTitle={viewTitle ?? null} />
      <ViewScreen key={importVersion} tableId={table.id} viewTitle={viewTitle} />
    </div>
  );
}

/** "view/:title/:viewTitle?": views arrive in a later issue; the tab opens already. */
function ViewTab() {
  const { t } = useTranslation();
  const { title = "", viewTitle } = useParams();
  const { open } = useTabs();
  useEffect(() => {
    open({ id: `view:${title}`, type: "view", title, viewTitle: viewTitle ?? null });
  }, [open, title, viewTitle]);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">{t("project.tab.view", { title })}</h2>
      {viewTitle ? <p className="text-sm text-gray-500">{t("project.tab.viewTitle", { viewTitle })}</p> : null}
      <EmptyState body={t("project.tab.emptyBody")} />
    </div>
  );
}

export function ProjectTabPage({ type }: { type: "table" | "view" }) {
  return type === "table" ? <TableTab /> : <ViewTab />;
}
