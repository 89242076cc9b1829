import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { hooksApi, type Hook } from "../../../api/hooks-api";
import { Button } from "../../../components/ui/button";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";

/** A kept payload, pretty-printed when it is JSON. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The last 100 deliveries of a hook, newest first: time, status, answer excerpt, duration, the
 * payload sent (unfolded on request) and "Redeliver", which sends that payload again.
 */
export function HookLogs({ hook, onBack }: { hook: Hook; onBack(): void }) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const redeliver = useMutation({
    mutationFn: (logId: number) => hooksApi.redeliver(hook.id, logId),
    onSuccess: () => {
      notify.success(t("hooks.log.redelivered"));
      void logs.refetch();
    },
    onError: notifyError,
  });
  const logs = useQuery({
    queryKey: ["hookLogs", hook.id],
    queryFn: () => hooksApi.logs(hook.id),
    refetchInterval: 5000,
  });
  return (
    <div className="flex flex-col gap-3">
      <Button variant="secondary" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t("hooks.back")}
      </Button>
      {logs.isPending ? <p className="text-sm text-gray-500">{t("app.loading")}</p> : null}
      {logs.data?.list.length === 0 ? <p className="text-sm text-gray-500">{t("hooks.noLogs")}</p> : null}
      {logs.data?.list.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="hook-logs">
            <thead className="text-xs text-gray-500">
              <tr>
                <th className="py-1 text-start font-medium">{t("hooks.log.time")}</th>
                <th className="py-1 text-start font-medium">{t("hooks.log.status")}</th>
                <th className="py-1 text-start font-medium">{t("hooks.log.attempt")}</th>
                <th className="py-1 text-start font-medium">{t("hooks.log.duration")}</th>
                <th className="py-1 text-start font-medium">{t("hooks.log.response")}</th>
                <th className="py-1 ps-3 text-start font-medium">{t("hooks.log.sent")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {logs.data.list.map((l) => (
                <tr key={l.id} className="align-top">
                  <td className="whitespace-nowrap py-1 pe-3">{new Date(l.created_at).toLocaleString()}</td>
                  <td className={`py-1 pe-3 font-medium ${l.ok ? "text-green-700" : "text-red-700"}`}>
                    {l.status ?? t("hooks.log.noStatus")}
                    {l.test ? ` · ${t("hooks.log.test")}` : ""}
                  </td>
                  <td className="py-1 pe-3">{l.attempt}</td>
                  <td className="whitespace-nowrap py-1 pe-3">{t("hooks.log.ms", { ms: l.duration })}</td>
                  <td
                    className="max-w-xs truncate py-1 font-mono text-xs text-gray-600"
                    dir="ltr"
                    title={l.error ?? l.response ?? ""}
                  >
                    {l.error ? `${l.error} ` : ""}
                    {l.response ?? ""}
                  </td>
                  <td className="py-1 ps-3">
                    {l.payload ? (
                      <div className="flex flex-col items-start gap-1">
                        <details>
                          <summary className="cursor-pointer text-xs text-primary">{t("hooks.log.payload")}</summary>
                          <pre
                            dir="ltr"
                            className="mt-1 max-h-48 max-w-xs overflow-auto rounded bg-gray-50 p-2 text-start text-xs"
                          >
                            {pretty(l.payload)}
                          </pre>
                        </details>
                        <Button
                          variant="secondary"
                          loading={redeliver.isPending && redeliver.variables === l.id}
                          onClick={() => redeliver.mutate(l.id)}
                        >
                          <RotateCcw aria-hidden="true" className="size-4" />
                          {t("hooks.log.redeliver")}
                        </Button>
                      </div>
                    ) : (
                      <span className="text-xs text-gray-500">{t("hooks.log.noPayload")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
