import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { automationsApi, type AutomationRun, type StepRecord, type StepType } from "../../../api/automations-api";
import { Button } from "../../../components/ui/button";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";

const STATUS_COLORS: Record<StepRecord["status"] | AutomationRun["status"], string> = {
  queued: "bg-gray-100 text-gray-700",
  running: "bg-blue-100 text-blue-800",
  waiting: "bg-blue-100 text-blue-800",
  retrying: "bg-amber-100 text-amber-800",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  skipped: "bg-gray-100 text-gray-600",
};

export function StatusBadge({ status }: { status: StepRecord["status"] | AutomationRun["status"] }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLORS[status]}`}>
      {t(`automations.status.${status}`)}
    </span>
  );
}

/** Between a step's number and its type (punctuation, not text). */
const SEP = " · ";

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** Each step's status with its input, output or error (a run's steps, or a test's). */
export function StepResults({ steps }: { steps: readonly StepRecord[] }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-2">
      {steps.map((s, i) => (
        <li key={i} className="rounded border border-gray-100 p-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900">
              {t("automations.stepN", { n: i + 1 })}
              {SEP}
              {t(`automations.step.${s.type as StepType}`)}
            </span>
            <StatusBadge status={s.status} />
          </div>
          {s.error ? <p className="mt-1 break-words text-red-700">{s.error}</p> : null}
          {s.input !== undefined ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-gray-600">{t("automations.input")}</summary>
              <pre dir="ltr" className="max-h-48 overflow-auto bg-gray-50 p-2 text-xs">
                {json(s.input)}
              </pre>
            </details>
          ) : null}
          {s.output !== undefined ? (
            <details className="mt-1" open>
              <summary className="cursor-pointer text-xs text-gray-600">{t("automations.output")}</summary>
              <pre dir="ltr" className="max-h-48 overflow-auto bg-gray-50 p-2 text-xs">
                {json(s.output)}
              </pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** An automation's runs, newest first, refetched when the room says they changed (`automationRuns`). */
export function AutomationRuns({ automationId }: { automationId: string }) {
  const { t, i18n } = useTranslation();
  const { projectId } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const key = ["automationRuns", automationId] as const;
  const runs = useQuery({ queryKey: key, queryFn: () => automationsApi.runs(projectId, automationId) });
  const rerun = useMutation({
    mutationFn: (runId: number) => automationsApi.rerun(projectId, automationId, runId),
    onSuccess: async () => {
      notify.success(t("automations.rerunQueued"));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: notifyError,
  });
  const list = runs.data?.list ?? [];
  return (
    <section aria-label={t("automations.runs")} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gray-900">{t("automations.runs")}</h3>
      {list.length === 0 ? <p className="text-sm text-gray-500">{t("automations.noRuns")}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.map((r) => (
          <li key={r.id} className="rounded-md border border-gray-200 p-2">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-2 text-sm">
                <StatusBadge status={r.status} />
                <span className="text-gray-700">
                  {new Date(r.started_at ?? r.created_at ?? Date.now()).toLocaleString(i18n.language)}
                </span>
                {r.duration !== null ? (
                  <span className="text-gray-500">{t("hooks.log.ms", { ms: r.duration })}</span>
                ) : null}
                {r.status === "failed" ? (
                  <Button
                    variant="ghost"
                    className="ms-auto"
                    loading={rerun.isPending}
                    onClick={(e) => {
                      e.preventDefault();
                      rerun.mutate(r.id);
                    }}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    {t("automations.rerun")}
                  </Button>
                ) : null}
              </summary>
              {r.error ? <p className="mt-1 break-words text-sm text-red-700">{r.error}</p> : null}
              <div className="mt-2">
                <StepResults steps={r.steps} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
