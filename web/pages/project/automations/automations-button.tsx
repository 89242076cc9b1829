import { Zap } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { useProject } from "../project-context";
import { AutomationsDialog } from "./automations-dialog";

/** The project header's way into automations (issue 39): owners and creators only. */
export function AutomationsButton() {
  const { t } = useTranslation();
  const { can, isPublicBase } = useProject();
  const [open, setOpen] = useState(false);
  if (isPublicBase || !can("automationList")) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t("automations.open")}>
        <Zap aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t("automations.open")}</span>
      </Button>
      {open ? <AutomationsDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
