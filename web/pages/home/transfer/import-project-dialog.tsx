import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { MAX_PROJECT_ZIP_BYTES } from "../../../../db/project/transfer-format";
import { projectTransferApi } from "../../../api/project-transfer-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { projectTitleError } from "../../../lib/project-title";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { TransferProgress } from "./transfer-progress";

/**
 * "Import project": a .zip made by "Export project" (here or on another instance) becomes a new
 * project owned by the importer, which then opens. Files the zip names that this instance does
 * not hold are reported after the import (their bytes never travel in the zip).
 */
export function ImportProjectDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [tried, setTried] = useState(false);
  const problem = title === "" ? null : projectTitleError(title);
  const tooLarge = file !== null && file.size > MAX_PROJECT_ZIP_BYTES;
  const run = useMutation({
    mutationFn: () => projectTransferApi.importZip(file!, title.trim() || undefined),
    onSuccess: async (project) => {
      notify.success(t("projectTransfer.imported", { title: project.title }));
      const missing = project.import.attachments.missing.length;
      if (missing) notify.info(t("projectTransfer.missingFiles", { number: missing }));
      close();
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      await navigate(`/nc/${encodeURIComponent(project.id)}`);
    },
    onError: notifyError,
  });
  function close() {
    setFile(null);
    setTitle("");
    setTried(false);
    onClose();
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (file && !tooLarge && !problem && !run.isPending) run.mutate();
  };
  const fileError = tooLarge
    ? t("projectTransfer.tooLarge", { mb: MAX_PROJECT_ZIP_BYTES / 1024 / 1024 })
    : tried && !file
      ? t("projectTransfer.noFile")
      : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next || run.isPending ? undefined : close())}
      title={t("projectTransfer.importTitle")}
      description={t("projectTransfer.importBody")}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-gray-700">
            {t("projectTransfer.fileLabel")}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".zip,application/zip"
            data-autofocus=""
            disabled={run.isPending}
            aria-invalid={fileError ? true : undefined}
            className="text-sm file:me-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {fileError ? <p className="text-xs text-red-600">{fileError}</p> : null}
        </div>
        <TextField
          label={t("projectTransfer.importTitleLabel")}
          hint={t("projectTransfer.optional")}
          value={title}
          onValueChange={setTitle}
          disabled={run.isPending}
          error={problem ? t(problem.key, "values" in problem ? problem.values : {}) : null}
        />
        {run.isPending ? <TransferProgress text={t("projectTransfer.importing")} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" type="button" disabled={run.isPending} onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={run.isPending}>
            {t("projectTransfer.importConfirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
