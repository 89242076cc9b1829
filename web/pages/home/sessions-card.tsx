import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { authApi } from "../../lib/auth-api";
import { browserName } from "../../lib/browser-name";
import { adoptToken, signOutEverywhere } from "../../lib/sign-in-flow";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";
import { useNotifyError } from "../../lib/use-notify-error";

/** The profile's list of signed-in devices (issue 41): sign one out, or all the others. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const errorOf = useErrorText();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.sessions, queryFn: authApi.sessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  const signOutOne = useMutation({
    mutationFn: (id: string) => authApi.endSession(id),
    onSuccess: async (answer) => {
      if (answer && "token" in answer && typeof answer.token === "string") adoptToken(answer.token);
      notify.success(t("profile.sessions.signedOut"));
      await refresh();
    },
    onError: notifyError,
  });
  const signOutOthers = useMutation({
    mutationFn: authApi.endOtherSessions,
    onSuccess: async (answer) => {
      adoptToken(answer?.token);
      notify.success(t("profile.sessions.othersSignedOut"));
      await refresh();
    },
    onError: notifyError,
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const list = sessions.data?.list ?? [];
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
        {t("profile.sessions.heading")}
      </h2>
      <FormAlert tone="error" message={errorOf(sessions.error)} />
      <ul className="flex flex-col divide-y divide-gray-100" data-testid="sessions">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="session">
            <span className="flex flex-col">
              <span className="text-sm font-medium text-gray-900">
                {browserName(s.user_agent) ?? t("profile.sessions.unknownBrowser")}
                {s.current ? (
                  <span className="ms-2 rounded bg-green-50 px-1.5 py-0.5 text-xs text-green-700">
                    {t("profile.sessions.this")}
                  </span>
                ) : null}
              </span>
              <span className="text-xs text-gray-500">
                {t("profile.sessions.seen", {
                  when: when.format(new Date(s.last_seen_at)),
                  address: s.address ?? t("securityLog.localAddress"),
                })}
              </span>
            </span>
            {s.current ? null : (
              <Button
                variant="secondary"
                disabled={signOutOne.isPending}
                onClick={() => signOutOne.mutate(s.id)}
                aria-label={t("profile.sessions.signOutOne", { name: browserName(s.user_agent) ?? "" })}
              >
                {t("profile.sessions.signOut")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={list.length < 2}
          loading={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          {t("profile.sessions.signOutOthers")}
        </Button>
        <Button variant="ghost" onClick={() => void signOutEverywhere()}>
          {t("profile.sessions.signOutHere")}
        </Button>
      </div>
    </div>
  );
}
