import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Modal } from "../../components/ui/modal";
import { QrCode } from "../../components/ui/qr-code";
import { TextField } from "../../components/ui/text-field";
import { downloadBlob } from "../../export/download";
import { authApi } from "../../lib/auth-api";
import { adoptToken } from "../../lib/sign-in-flow";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";

interface SetupProps {
  secret: { secret: string; otpauth_url: string };
  onClose(): void;
}

/** The secret in groups of four, as people type it into an app that cannot scan. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Setting up two-factor sign-in: scan the QR code (or type the secret), prove it with a code,
 * then keep the ten recovery codes, shown this once (download or copy). Closing before the code
 * leaves it off; the codes step closes only through "I have saved them".
 */
export function TwoFactorSetup({ secret, onClose }: SetupProps) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const enable = useMutation({
    mutationFn: () => authApi.twoFactorEnable(code.trim()),
    onSuccess: (answer) => {
      adoptToken(answer?.token);
      setCodes(answer?.recovery_codes ?? []);
      notify.success(t("profile.twoFactor.enabled"));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    enable.mutate();
  }

  const codesText = codes?.join("\n") ?? "";
  return (
    <Modal
      open
      onOpenChange={(open) => (!open && !codes ? onClose() : undefined)}
      title={codes ? t("profile.twoFactor.codesTitle") : t("profile.twoFactor.setupTitle")}
    >
      {codes ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-600">{t("profile.twoFactor.codesBody")}</p>
          <ul data-testid="recovery-codes" dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {codes.map((c) => (
              <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center">
                {c}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => downloadBlob(new Blob([`${codesText}\n`], { type: "text/plain" }), "recovery-codes.txt")}
            >
              {t("profile.twoFactor.download")}
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  .writeText(codesText)
                  .then(() => notify.success(t("profile.twoFactor.copied")))
                  .catch(() => notify.error(t("common.copyFailed")))
              }
            >
              {t("profile.twoFactor.copy")}
            </Button>
          </div>
          <Button onClick={onClose}>{t("profile.twoFactor.saved")}</Button>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <p className="text-sm text-gray-600">{t("profile.twoFactor.scan")}</p>
          <div className="flex justify-center">
            <QrCode text={secret.otpauth_url} label={t("profile.twoFactor.qrLabel")} />
          </div>
          <p className="text-xs text-gray-500">{t("profile.twoFactor.typeSecret")}</p>
          <code data-testid="totp-secret" dir="ltr" className="break-all rounded bg-gray-100 px-2 py-1 text-sm">
            {grouped(secret.secret)}
          </code>
          <TextField
            label={t("auth.twoFactor.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            required
            maxLength={16}
            value={code}
            onValueChange={setCode}
          />
          <FormAlert tone="error" message={errorOf(enable.error)} />
          <Button type="submit" loading={enable.isPending}>
            {t("profile.twoFactor.turnOn")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
