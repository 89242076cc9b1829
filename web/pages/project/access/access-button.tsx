import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TableSummary } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { useProject } from "../project-context";
import { AccessDialog } from "./access-dialog";

/** The table toolbar's entry to its Access panel (issue 23): owners and creators only. */
export function AccessButton({ table }: { table: TableSummary }) {
  const { t } = useTranslation();
  const { can } = useProject();
  const [open, setOpen] = useState(false);
  if (!can("tableAccessSet")) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t("access.open", { title: table.title })}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t("access.button")}</span>
      </Button>
      {open ? <AccessDialog table={table} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
