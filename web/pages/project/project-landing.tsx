import { Plus, Table2, TableProperties } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { QuickImportButton } from "../../import/ui/import-entry";
import { useProject } from "./project-context";
import { CreateTableDialog } from "./sidebar/create-table-dialog";
import { tabPath } from "./tabs/tabs";
import { useTabs } from "./tabs/tabs-context";

/** The shell's empty child path (SPEC 2): create a table, or open one of the project's tables. */
export function ProjectLanding() {
  const { t } = useTranslation();
  const { tables, tablesLoading, basePath, can } = useProject();
  const { blur } = useTabs();
  const [creating, setCreating] = useState(false);
  const mayCreate = can("tableCreate");
  useEffect(() => blur(), [blur]);

  const createButton = mayCreate ? (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {t("project.tables.create")}
      </Button>
      <QuickImportButton />
    </div>
  ) : null;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">{t("project.landing.heading")}</h2>
        {tables.length > 0 ? createButton : null}
      </div>
      {!tablesLoading && tables.length === 0 ? (
        <EmptyState
          title={t("project.landing.emptyTitle")}
          body={mayCreate ? t("project.landing.emptyBody") : t("project.landing.emptyBodyReadOnly")}
          icon={TableProperties}
        >
          {createButton}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {tables.map((table) => (
            <li key={table.id}>
              <Link
                to={tabPath(basePath, { id: table.id, type: "table", title: table.title })}
                aria-label={t("project.landing.openTable", { title: table.title })}
                className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 text-sm font-medium text-gray-900 shadow-xs hover:border-primary hover:shadow-md"
              >
                <Table2 aria-hidden="true" className="size-5 text-primary" />
                <span className="truncate">{table.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <CreateTableDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
