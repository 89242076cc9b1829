import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShareOptions } from "../api/share-api";
import { Button } from "../components/ui/button";
import { SelectField } from "../components/ui/select-field";
import { DEFAULT_MIN_FILL_SECONDS } from "../../db/views/form/fill-time";
import { Switch } from "../components/ui/switch";
import { ShareExpiry } from "./share-expiry";

/**
 * The share controls of issue 22, in the share dialog: when the link expires, whether other sites
 * may embed the page (and which), and for forms who may submit and the minimum fill time of the
 * spam check. Each change is saved at once through `onChange` (the dialog's share update).
 */
export function ShareControls({
  options,
  isForm,
  onChange,
}: {
  options: ShareOptions;
  isForm: boolean;
  onChange(patch: ShareOptions): void;
}) {
  const { t } = useTranslation();
  const sitesId = useId();
  const fillId = useId();
  const [sites, setSites] = useState((options.embedOrigins ?? []).join("\n"));
  useEffect(() => setSites((options.embedOrigins ?? []).join("\n")), [options.embedOrigins]);
  return (
    <div className="flex flex-col gap-4" data-testid="share-controls">
      <ShareExpiry expiresAt={options.expiresAt} onChange={(expiresAt) => onChange({ expiresAt })} />
      <Switch
        label={t("sharedView.share.embed")}
        checked={Boolean(options.allowEmbed)}
        onChange={(v) => onChange({ allowEmbed: v })}
      />
      {options.allowEmbed ? (
        <form
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({
              embedOrigins: sites
                .split(/\s+/)
                .map((x) => x.trim().replace(/\/+$/, ""))
                .filter(Boolean),
            });
          }}
        >
          <label htmlFor={sitesId} className="text-sm font-medium">
            {t("sharedView.share.embedSites")}
          </label>
          <textarea
            id={sitesId}
            rows={3}
            value={sites}
            onChange={(e) => setSites(e.target.value)}
            placeholder="https://example.com"
            dir="ltr"
            className="rounded border border-gray-300 px-2 py-1 font-mono text-sm"
          />
          <p className="text-xs text-gray-500">{t("sharedView.share.embedHint")}</p>
          <div>
            <Button type="submit" variant="secondary">
              {t("sharedView.share.embedSave")}
            </Button>
          </div>
        </form>
      ) : null}
      {isForm ? (
        <>
          <SelectField
            label={t("sharedView.share.submitAccess")}
            value={options.submitAccess ?? "anyone"}
            choices={[
              { value: "anyone", label: t("sharedView.share.submitAnyone") },
              { value: "signedIn", label: t("sharedView.share.submitSignedIn") },
              { value: "members", label: t("sharedView.share.submitMembers") },
            ]}
            onValueChange={(v) => onChange({ submitAccess: v as ShareOptions["submitAccess"] })}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={fillId} className="text-sm font-medium">
              {t("sharedView.share.minFill")}
            </label>
            <input
              id={fillId}
              type="number"
              min={0}
              max={600}
              defaultValue={options.minFillSeconds ?? DEFAULT_MIN_FILL_SECONDS}
              onBlur={(e) => {
                const n = Math.max(0, Math.min(600, Math.round(Number(e.target.value) || 0)));
                if (n !== (options.minFillSeconds ?? DEFAULT_MIN_FILL_SECONDS)) onChange({ minFillSeconds: n });
              }}
              className="w-28 rounded border border-gray-300 px-2 py-1 text-sm"
            />
            <p className="text-xs text-gray-500">{t("sharedView.share.minFillHint")}</p>
          </div>
        </>
      ) : null}
    </div>
  );
}
