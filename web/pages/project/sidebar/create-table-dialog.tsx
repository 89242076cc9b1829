import { useTranslation } from "react-i18next";
import { useProject } from "../project-context";
import { TableNameDialog } from "./table-name-dialog";
import { useTableActions } from "./use-table-actions";

/** Creates a table; on success its tab opens. */
export function CreateTableDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const { tables } = useProject();
  const { create } = useTableActions();
  return (
    <TableNameDialog
      open={open}
      onOpenChange={(next) => {
        if (next) create.reset();
        onOpenChange(next);
      }}
      heading={t("project.tables.createTitle")}
      submitLabel={t("project.tables.create")}
      others={tables.map((x) => x.title)}
      pending={create.isPending}
      error={create.error}
      onSubmit={(title) => create.mutate(title, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
