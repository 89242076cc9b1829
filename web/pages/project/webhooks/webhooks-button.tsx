import { Webhook } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TableSummary } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { useProject } from "../project-context";
import { WebhooksDialog } from "./webhooks-dialog";

/** The table toolbar's entry to its webhooks (contract 4.8), for roles that may list them. */
export function WebhooksButton({ table }: { table: TableSummary }) {
  const { t } = useTranslation();
  const { can } = useProject();
  const [open, setOpen] = useState(false);
  if (!can("hookList")) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t("project.tables.webhooks", { title: table.title })}
      >
        <Webhook aria-hidden="true" className="size-4" />
      </Button>
      {open ? <WebhooksDialog table={table} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
