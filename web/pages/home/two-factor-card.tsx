import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Modal } from "../../components/ui/modal";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "../../lib/auth-api";
import { adoptToken } from "../../lib/sign-in-flow";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";
import { TwoFactorSetup } from "./two-factor-setup";

/** Turning two-factor sign-in off asks for a code first (app or recovery), so a left-open tab cannot. */
function TurnOffDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const disable = useMutation({
    mutationFn: () => authApi.twoFactorDisable(code.trim()),
    onSuccess: async (answer) => {
      adoptToken(answer?.token);
      notify.success(t("profile.twoFactor.disabled"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
      onClose();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    disable.mutate();
  }
  return (
    <Modal open onOpenChange={(open) => (!open ? onClose() : undefined)} title={t("profile.twoFactor.heading")}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-sm text-gray-600">{t("profile.twoFactor.offBody")}</p>
        <TextField
          label={t("profile.twoFactor.codeOrRecovery")}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={64}
          value={code}
          onValueChange={setCode}
        />
        <FormAlert tone="error" message={errorOf(disable.error)} />
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {t("profile.twoFactor.turnOff")}
        </Button>
      </form>
    </Modal>
  );
}

/** The profile's two-factor card: on or off, recovery codes left, and the way to change it. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.twoFactor, queryFn: authApi.twoFactorStatus });
  const [turningOff, setTurningOff] = useState(false);
  const setup = useMutation({ mutationFn: authApi.twoFactorSetup });
  const closeSetup = () => {
    setup.reset();
    void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
  };
  const on = status.data?.enabled === true;
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        {t("profile.twoFactor.heading")}
      </h2>
      <p className="text-sm text-gray-600" data-testid="two-factor-state">
        {status.isPending
          ? t("app.loading")
          : on
            ? t("profile.twoFactor.isOn", { left: status.data?.recovery_codes_left ?? 0 })
            : t("profile.twoFactor.isOff")}
      </p>
      {status.data?.required && !on ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t("profile.twoFactor.required")}
        </p>
      ) : null}
      <FormAlert tone="error" message={errorOf(setup.error ?? status.error)} />
      <div>
        {on ? (
          <Button variant="secondary" onClick={() => setTurningOff(true)}>
            {t("profile.twoFactor.turnOff")}
          </Button>
        ) : (
          <Button loading={setup.isPending} disabled={status.isPending} onClick={() => setup.mutate()}>
            {t("profile.twoFactor.setUp")}
          </Button>
        )}
      </div>
      {setup.data ? <TwoFactorSetup secret={setup.data} onClose={closeSetup} /> : null}
      {turningOff ? <TurnOffDialog onClose={() => setTurningOff(false)} /> : null}
    </div>
  );
}
