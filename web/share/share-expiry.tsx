import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";

/** `2026-12-31T23:59` in the reader's time zone, as a datetime-local input shows it. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * When a public link stops working (a view's or a dashboard's share): picked in the reader's own
 * time zone, saved as an instant on leaving the input; cleared means never. Shared by both share
 * dialogs so the two links expire the same way.
 */
export function ShareExpiry({
  expiresAt,
  onChange,
}: {
  expiresAt: string | null | undefined;
  onChange(next: string | null): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(localInput(expiresAt));
  useEffect(() => setValue(localInput(expiresAt)), [expiresAt]);
  const expired = Boolean(expiresAt && Date.parse(expiresAt) <= Date.now());
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("sharedView.share.expires")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => {
            const next = value ? new Date(value).toISOString() : null;
            if (next !== (expiresAt ?? null)) onChange(next);
          }}
          className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
        />
        <Button variant="secondary" disabled={!expiresAt} onClick={() => onChange(null)}>
          {t("sharedView.share.expiresClear")}
        </Button>
      </div>
      <p className={`text-xs ${expired ? "text-red-700" : "text-gray-500"}`}>
        {t(
          expired
            ? "sharedView.share.expiredNote"
            : expiresAt
              ? "sharedView.share.expiresNote"
              : "sharedView.share.expiresNever",
        )}
      </p>
    </div>
  );
}
