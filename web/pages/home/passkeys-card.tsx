import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { passkeyApi } from "../../lib/passkey-api";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { usePasskeyErrorText } from "../auth/use-error-text";

/** The profile's passkeys (issue 41): add one under a name, see when each was last used, remove one. */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const errorOf = usePasskeyErrorText();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.passkeys, queryFn: passkeyApi.list });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
  const [name, setName] = useState("");
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const add = useMutation({
    mutationFn: () => passkeyApi.add(name.trim()),
    onSuccess: async () => {
      setName("");
      notify.success(t("profile.passkeys.added"));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => passkeyApi.remove(id),
    onSuccess: async () => {
      setRemoving(null);
      notify.success(t("profile.passkeys.removed"));
      await refresh();
    },
    onError: notifyError,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate();
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const items = list.data?.list ?? [];
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <KeyRound aria-hidden="true" className="size-5 text-primary" />
        {t("profile.passkeys.heading")}
      </h2>
      <p className="text-sm text-gray-600">{t("profile.passkeys.intro")}</p>
      <FormAlert tone="error" message={errorOf(list.error)} />
      {list.isSuccess && items.length === 0 ? (
        <p className="text-sm text-gray-500">{t("profile.passkeys.empty")}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-gray-100" data-testid="passkeys">
        {items.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="passkey">
            <span className="flex flex-col">
              <span className="text-sm font-medium text-gray-900">{p.name}</span>
              <span className="text-xs text-gray-500">
                {p.last_used_at
                  ? t("profile.passkeys.lastUsed", { when: when.format(new Date(p.last_used_at)) })
                  : t("profile.passkeys.neverUsed")}
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={() => setRemoving({ id: p.id, name: p.name })}
              aria-label={t("profile.passkeys.removeLabel", { name: p.name })}
            >
              {t("profile.passkeys.remove")}
            </Button>
          </li>
        ))}
      </ul>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="min-w-48 flex-1">
          <TextField
            label={t("profile.passkeys.name")}
            required
            maxLength={100}
            value={name}
            onValueChange={setName}
            placeholder={t("profile.passkeys.namePlaceholder")}
          />
        </div>
        <Button type="submit" loading={add.isPending}>
          {t("profile.passkeys.add")}
        </Button>
      </form>
      <FormAlert tone="error" message={errorOf(add.error)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (!open ? setRemoving(null) : undefined)}
        title={t("profile.passkeys.removeTitle")}
        body={t("profile.passkeys.removeBody", { name: removing?.name ?? "" })}
        confirmLabel={t("profile.passkeys.remove")}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </div>
  );
}
