import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShareOptions } from "../api/share-api";
import { Button } from "../components/ui/button";
import { SelectField } from "../components/ui/select-field";
import { DEFAULT_MIN_FILL_SECONDS } from "../../db/views/form/fill-time";
import { Switch } from "../components/ui/switch";

/** `2026-12-31T23:59` in the reader's time zone, as a datetime-local input shows it. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

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
  const expiryId = useId();
  const sitesId = useId();
  const fillId = useId();
  const [expiry, setExpiry] = useState(localInput(options.expiresAt));
  const [sites, setSites] = useState((options.embedOrigins ?? []).join("\n"));
  useEffect(() => setExpiry(localInput(options.expiresAt)), [options.expiresAt]);
  useEffect(() => setSites((options.embedOrigins ?? []).join("\n")), [options.embedOrigins]);
  const expired = Boolean(options.expiresAt && Date.parse(options.expiresAt) <= Date.now());
  return (
    <div className="flex flex-col gap-4" data-testid="share-controls">
      <div className="flex flex-col gap-1">
        <label htmlFor={expiryId} className="text-sm font-medium">
          {t("sharedView.share.expires")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={expiryId}
            type="datetime-local"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            onBlur={() => {
              const next = expiry ? new Date(expiry).toISOString() : null;
              if (next !== (options.expiresAt ?? null)) onChange({ expiresAt: next });
            }}
            className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
          />
          <Button variant="secondary" disabled={!options.expiresAt} onClick={() => onChange({ expiresAt: null })}>
            {t("sharedView.share.expiresClear")}
          </Button>
        </div>
        <p className={`text-xs ${expired ? "text-red-700" : "text-gray-500"}`}>
          {t(
            expired
              ? "sharedView.share.expiredNote"
              : options.expiresAt
                ? "sharedView.share.expiresNote"
                : "sharedView.share.expiresNever",
          )}
        </p>
      </div>
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
