import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { orgUsersApi } from "../../api/org-users-api";
import { queryKeys } from "../../api/query-keys";
import type { AppSettings } from "../../api/types";
import { Switch } from "../../components/ui/switch";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

type Key = keyof AppSettings;

/** The locale keys of each app setting: its switch, and the toasts once it is on or off. */
const TEXT = {
  invite_only_signup: ["account.users.inviteOnly", "account.users.inviteOnlyOn", "account.users.inviteOnlyOff"],
  refuse_program_uploads: [
    "account.users.refusePrograms",
    "account.users.refuseProgramsOn",
    "account.users.refuseProgramsOff",
  ],
  require_two_factor: [
    "account.users.requireTwoFactor",
    "account.users.requireTwoFactorOn",
    "account.users.requireTwoFactorOff",
  ],
} as const satisfies Record<Key, readonly [string, string, string]>;

/**
 * The instance's switches (app settings): invite-only sign-up, and whether members' uploads refuse
 * programs and scripts (anonymous form uploads always do).
 */
export function AppSettingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const settings = useQuery({ queryKey: queryKeys.appSettings, queryFn: orgUsersApi.settings });
  const save = useMutation({
    mutationFn: (change: { key: Key; on: boolean }) => orgUsersApi.saveSettings({ [change.key]: change.on }),
    onSuccess: async (_answer, { key, on }) => {
      notify.success(t(TEXT[key][on ? 1 : 2]));
      await queryClient.invalidateQueries({ queryKey: queryKeys.appSettings });
    },
    onError: notifyError,
  });
  const isOn = (key: Key) =>
    save.isPending && save.variables?.key === key ? save.variables.on : Boolean(settings.data?.[key]);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-gray-900">{t("account.users.settingsHeading")}</h2>
      {(Object.keys(TEXT) as Key[]).map((key) => (
        <Switch
          key={key}
          label={t(TEXT[key][0])}
          checked={isOn(key)}
          disabled={settings.isPending || save.isPending}
          onChange={(on) => save.mutate({ key, on })}
        />
      ))}
    </div>
  );
}
