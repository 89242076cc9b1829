import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { projectTransferApi } from "../../../api/project-transfer-api";
import type { Project } from "../../../api/types";
import { downloadBlob } from "../../../export/download";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";

/** "Export project": the whole project's .zip, saved as "<title>.zip", with a toast while it is made. */
export function useExportProject() {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  return useMutation({
    mutationFn: async (project: Project) => {
      notify.info(t("projectTransfer.exporting"), `export-${project.id}`);
      downloadBlob(await projectTransferApi.exportBlob(project.id), `${project.title}.zip`);
      return project;
    },
    onSuccess: (project) => notify.success(t("projectTransfer.exported"), `export-${project.id}`),
    onError: notifyError,
  });
}
