import { FileUp, Upload } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TableMeta } from "../../api/types";
import { Button } from "../../components/ui/button";
import { useProject } from "../../pages/project/project-context";
import type { ImportKind } from "../file-rules";
import { ImportDialog } from "./import-dialog";
import { closeImport, requestImport, useImportRequest } from "./import-request";
import { Menu } from "./menu";

const KINDS: readonly ImportKind[] = ["csv", "excel", "json"];

function useMayImportTables() {
  const { can } = useProject();
  return can("tableCreate") && can("csvImport");
}

/** The project landing's quick import: a new table from a CSV, spreadsheet or JSON file. */
export function QuickImportButton() {
  const { t } = useTranslation();
  if (!useMayImportTables()) return null;
  return (
    <Button variant="secondary" onClick={() => requestImport({ mode: "new" })}>
      <FileUp aria-hidden="true" className="size-4" />
      {t("import.quick")}
    </Button>
  );
}

/** Renders the open import dialog; mounted once, in the sidebar. */
function ImportDialogHost() {
  const request = useImportRequest();
  useEffect(() => closeImport, []);
  if (!request) return null;
  return <ImportDialog key={request.id} target={request.target} initialKind={request.kind} onClose={closeImport} />;
}

/** The sidebar's table-create menu entry: "Import CSV / spreadsheet / JSON" (and the dialog host). */
export function ImportMenu() {
  const { t } = useTranslation();
  const may = useMayImportTables();
  return (
    <>
      {may ? (
        <Menu
          label={t("import.menu")}
          trigger={<Upload aria-hidden="true" className="size-4" />}
          triggerClass="inline-flex size-7 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary"
          align="end"
          items={KINDS.map((k) => ({
            key: k,
            label: t(`import.menuItem.${k}`),
            onSelect: () => requestImport({ mode: "new" }, k),
          }))}
        />
      ) : null}
      <ImportDialogHost />
    </>
  );
}

/** "Import into this table" on a table tab. */
export function ImportIntoTableButton({ table }: { table: TableMeta }) {
  const { t } = useTranslation();
  const { can } = useProject();
  if (!can("csvImport") || !can("dataInsert")) return null;
  return (
    <Button variant="secondary" onClick={() => requestImport({ mode: "existing", table })}>
      <FileUp aria-hidden="true" className="size-4" />
      {t("import.intoTable")}
    </Button>
  );
}
