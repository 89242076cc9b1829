import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Modal } from "../../components/ui/modal";
import { useProject } from "../../pages/project/project-context";
import { tabPath } from "../../pages/project/tabs/tabs";
import type { ImportKind } from "../file-rules";
import { MappingStep } from "./mapping-step";
import { OutcomeView } from "./outcome-view";
import { PlanStep } from "./plan-step";
import { ProgressStep } from "./progress-step";
import { SourceStep } from "./source-step";
import { useImportFlow, type ImportTarget } from "./use-import-flow";

interface ImportDialogProps {
  target: ImportTarget;
  initialKind?: ImportKind;
  onClose(): void;
}

/** Import CSV, spreadsheets or JSON into new tables, or into one existing table. Mounted while open. */
export function ImportDialog({ target, initialKind = "csv", onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, basePath, tables } = useProject();
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [existingTables] = useState(() => tables.map((x) => x.title));
  const flow = useImportFlow(projectId, existingTables, target);
  const title = target.mode === "existing" ? t("import.titleInto", { title: target.table.title }) : t("import.title");
  const firstNew = flow.outcomes.find((o) => o.result && !o.result.removed)?.result?.table;

  return (
    <Modal
      open
      onOpenChange={(open) => (!open && flow.step !== "running" ? onClose() : undefined)}
      title={title}
      width="max-w-3xl"
    >
      {flow.step === "source" ? (
        <SourceStep
          kind={kind}
          onKind={setKind}
          onLoad={(file, remote, flatten) => flow.load(kind, file, remote, flatten)}
        />
      ) : null}
      {flow.step === "plan" && flow.preview && target.mode === "new" ? (
        <PlanStep
          plans={flow.plans}
          onPlans={flow.setPlans}
          notices={flow.preview.notices}
          existingTables={existingTables}
          onBack={flow.back}
          onStart={() => void flow.start()}
        />
      ) : null}
      {flow.step === "plan" && flow.preview && target.mode === "existing" ? (
        <MappingStep
          preview={flow.preview}
          table={target.table}
          sheet={flow.sheet}
          onSheet={flow.chooseSheet}
          mapping={flow.mapping}
          onMapping={flow.setMapping}
          onBack={flow.back}
          onStart={() => void flow.start()}
        />
      ) : null}
      {flow.step === "running" && flow.running ? <ProgressStep running={flow.running} onCancel={flow.cancel} /> : null}
      {flow.step === "done" ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-gray-900">{t("import.result.heading")}</h3>
          {flow.outcomes.map((o) => (
            <OutcomeView key={o.name} outcome={o} existing={target.mode === "existing"} />
          ))}
          <div className="flex justify-end gap-2">
            {target.mode === "new" && firstNew ? (
              <Button
                variant="secondary"
                onClick={() => {
                  onClose();
                  void navigate(tabPath(basePath, { id: firstNew.id, type: "table", title: firstNew.title }));
                }}
              >
                {t("import.result.open", { name: firstNew.title })}
              </Button>
            ) : null}
            <Button onClick={onClose}>{t("import.result.done")}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
