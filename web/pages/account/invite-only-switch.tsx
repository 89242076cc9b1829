import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { orgUsersApi } from "../../api/org-users-api";
import { queryKeys } from "../../api/query-keys";
import { Switch } from "../../components/ui/switch";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

/** App setting invite_only_signup: when on, only invited people can create an account. */
export function InviteOnlySwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const settings = useQuery({ queryKey: queryKeys.appSettings, queryFn: orgUsersApi.settings });
  const save = useMutation({
    mutationFn: (on: boolean) => orgUsersApi.saveSettings({ invite_only_signup: on }),
    onSuccess: async (_answer, on) => {
      notify.success(on ? t("account.users.inviteOnlyOn") : t("account.users.inviteOnlyOff"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.appSettings });
    },
    onError: notifyError,
  });
  const on = save.isPending ? Boolean(save.variables) : Boolean(settings.data?.invite_only_signup);
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="mb-3 text-sm font-semibold text-gray-900">{t("account.users.settingsHeading")}</h2>
      <Switch
        label={t("account.users.inviteOnly")}
        checked={on}
        disabled={settings.isPending || save.isPending}
        onChange={(next) => save.mutate(next)}
      />
    </div>
  );
}
