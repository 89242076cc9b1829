/**
 * The timeline's own settings (its start, end or duration, lanes and dependencies), changed by
 * those who may change a view's display settings: saved with PATCH /timelines/{id}, then the bars
 * are read again. A refused setting shows the server's message in the dialog.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Settings2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../api/types";
import { viewKindsApi, type TimelineSettings } from "../../api/view-kinds-api";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Modal } from "../../components/ui/modal";
import { errorText } from "../../lib/api-errors";
import { notify } from "../../lib/toast";
import { TimelineFields, pickBody, type TimelinePick } from "./timeline-fields";

const pickOf = (s: TimelineSettings): TimelinePick => ({
  start: s.fk_start_column_id,
  length: s.fk_end_column_id
    ? `end:${s.fk_end_column_id}`
    : s.fk_duration_column_id
      ? `days:${s.fk_duration_column_id}`
      : "",
  lanes: s.fk_group_column_id ?? "",
  deps: s.fk_dependency_column_id ?? "",
});

export function TimelineSettingsButton({
  viewId,
  tableId,
  columns,
  settings,
}: {
  viewId: string;
  tableId: string;
  columns: readonly Column[];
  settings: TimelineSettings;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pick, setPick] = useState<TimelinePick>(() => pickOf(settings));
  const save = useMutation({
    mutationFn: () => viewKindsApi.updateTimeline(viewId, pickBody(pick)),
    onSuccess: (next) => {
      queryClient.setQueryData(["timeline", viewId], next);
      void queryClient.invalidateQueries({ queryKey: ["timelineRows", viewId] });
      void queryClient.invalidateQueries({ queryKey: ["timelineUnscheduled", viewId] });
      notify.success(t("views.timeline.saved"));
      setOpen(false);
    },
  });
  return (
    <>
      <button
        type="button"
        className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100"
        onClick={() => (setPick(pickOf(settings)), save.reset(), setOpen(true))}
      >
        <Settings2 aria-hidden="true" className="size-4" />
        {t("views.timeline.settings")}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("views.timeline.settings")}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <TimelineFields columns={columns} tableId={tableId} value={pick} onChange={setPick} />
          {save.error ? <FormAlert tone="error" message={errorText(save.error, t("views.loadError"))} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("views.timeline.save")}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
