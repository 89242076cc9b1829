import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PROJECT_TITLE_MAX } from "../../../../db/project/rules";
import { projectTransferApi } from "../../../api/project-transfer-api";
import { queryKeys } from "../../../api/query-keys";
import type { Project } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { projectTitleError } from "../../../lib/project-title";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { TransferProgress } from "./transfer-progress";

/**
 * Duplicate a project: asks the copy's title (the original's plus "(copy)"), copies on the
 * server (export and import of the .zip in one request, functions/resources/projects/transfer.ts)
 * while a progress line shows, then opens the copy.
 */
export function DuplicateProjectDialog({ project, onClose }: { project: Project | null; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (project) setTitle(t("projectTransfer.copyTitle", { title: project.title }).slice(0, PROJECT_TITLE_MAX));
  }, [project, t]);
  const problem = projectTitleError(title);
  const duplicate = useMutation({
    mutationFn: () => projectTransferApi.duplicate(project!.id, title),
    onSuccess: async (copy) => {
      notify.success(t("projectTransfer.duplicated", { title: copy.title }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      await navigate(`/nc/${encodeURIComponent(copy.id)}`);
    },
    onError: notifyError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem && !duplicate.isPending) duplicate.mutate();
  };
  return (
    <Modal
      open={project !== null}
      onOpenChange={(open) => (open || duplicate.isPending ? undefined : onClose())}
      title={t("projectTransfer.duplicateTitle")}
      description={t("projectTransfer.duplicateBody", { title: project?.title ?? "" })}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t("projectTransfer.titleLabel")}
          value={title}
          autoFocus
          onValueChange={setTitle}
          disabled={duplicate.isPending}
          error={problem && title !== "" ? t(problem.key, "values" in problem ? problem.values : {}) : null}
        />
        {duplicate.isPending ? <TransferProgress text={t("projectTransfer.duplicating")} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" type="button" disabled={duplicate.isPending} onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={duplicate.isPending} disabled={Boolean(problem)}>
            {t("projectTransfer.duplicateConfirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
