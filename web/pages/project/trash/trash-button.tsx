import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { useProject } from "../project-context";
import { TrashDialog } from "./trash-dialog";

/** The project header's way into the trash: for whoever may list it (not viewers, not a shared base). */
export function TrashButton() {
  const { t } = useTranslation();
  const { can, isPublicBase } = useProject();
  const [open, setOpen] = useState(false);
  if (isPublicBase || !can("trashList")) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t("trash.open")}>
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t("trash.open")}</span>
      </Button>
      {open ? <TrashDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
