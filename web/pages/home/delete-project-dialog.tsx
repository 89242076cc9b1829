import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import type { Project } from "../../api/types";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

/** Confirms, then deletes the project and refreshes the list. */
export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const remove = useMutation({
    mutationFn: (id: string) => projectsApi.remove(id),
    onSuccess: async () => {
      notify.success(t("home.projects.deleted"));
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
    },
    onError: notifyError,
  });
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("home.projects.deleteTitle")}
      // It goes to the project trash (transfer/project-trash-section.tsx), from which it comes back.
      body={t("projectTransfer.deleteBody", { title: project?.title ?? "" })}
      confirmLabel={t("home.projects.deleteConfirm")}
      pending={remove.isPending}
      onConfirm={() => project && remove.mutate(project.id)}
    />
  );
}
