import { HardDrive, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { PageBanner } from "../../../components/ui/page-banner";
import { useProject } from "../project-context";
import { TrashDialog } from "../trash/trash-dialog";
import { byteSize, nearlyFull } from "./project-usage";
import { useProjectUsage } from "./use-project-usage";

/**
 * Over the project's pages from nine tenths of its room, for those who can delete records: the
 * warning before writes are refused, with the way into the trash (what it holds takes room too).
 */
export function NearlyFullBanner() {
  const { t, i18n } = useTranslation();
  const { can } = useProject();
  const usage = useProjectUsage("dataDelete");
  const [trash, setTrash] = useState(false);
  if (!usage || !nearlyFull(usage)) return null;
  return (
    <PageBanner
      tone="danger"
      icon={HardDrive}
      testId="nearly-full-banner"
      action={
        can("trashList") ? (
          <>
            <Button variant="secondary" className="px-3 py-1" onClick={() => setTrash(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t("trash.open")}
            </Button>
            {trash ? <TrashDialog open={trash} onOpenChange={setTrash} /> : null}
          </>
        ) : null
      }
    >
      {t("project.usage.nearlyFull", {
        used: byteSize(usage.database_bytes, i18n.language),
        limit: byteSize(usage.database_limit_bytes, i18n.language),
      })}{" "}
      {t("project.usage.advice")}
    </PageBanner>
  );
}
