import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from "../../../db/auth/security-events";
import { queryKeys } from "../../api/query-keys";
import { SECURITY_LOG_PAGE_SIZE, securityLogApi } from "../../api/security-log-api";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { PageButtons } from "../../components/ui/page-buttons";
import { PageHeading } from "../../components/ui/page-heading";
import { SearchBox, useDebouncedValue } from "../../components/ui/search-box";
import { SelectField } from "../../components/ui/select-field";
import { FullPageSpinner } from "../../components/ui/spinner";
import { downloadBlob } from "../../export/download";
import { errorText } from "../../lib/api-errors";
import { useNotifyError } from "../../lib/use-notify-error";

const HEAD = "px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-gray-500";
const CELL = "px-3 py-2 align-top text-sm";

/** The locale key naming each kind of event. */
const KIND_KEYS = {
  "signin.success": "securityLog.kinds.signinSuccess",
  "signin.failure": "securityLog.kinds.signinFailure",
  "signin.second_factor_failure": "securityLog.kinds.secondFactorFailure",
  "two_factor.enabled": "securityLog.kinds.twoFactorEnabled",
  "two_factor.disabled": "securityLog.kinds.twoFactorDisabled",
  "two_factor.reset": "securityLog.kinds.twoFactorReset",
  "two_factor.required": "securityLog.kinds.twoFactorRequired",
  "passkey.added": "securityLog.kinds.passkeyAdded",
  "passkey.removed": "securityLog.kinds.passkeyRemoved",
  "password.changed": "securityLog.kinds.passwordChanged",
  "password.reset": "securityLog.kinds.passwordReset",
  "token.created": "securityLog.kinds.tokenCreated",
  "token.deleted": "securityLog.kinds.tokenDeleted",
  "token.first_use": "securityLog.kinds.tokenFirstUse",
  "role.changed": "securityLog.kinds.roleChanged",
  "member.changed": "securityLog.kinds.memberChanged",
  "share.created": "securityLog.kinds.shareCreated",
} as const satisfies Record<SecurityEventKind, string>;

/** "/account/security": the super admin's security log, filtered by event and e-mail, exported as CSV. */
export function AccountSecurityPage() {
  const { t, i18n } = useTranslation();
  const notifyError = useNotifyError();
  const [kind, setKind] = useState("");
  const [search, setSearch] = useState("");
  const email = useDebouncedValue(search.trim());
  const [offset, setOffset] = useState(0);
  const events = useQuery({
    queryKey: queryKeys.securityLog(kind, email, offset),
    queryFn: () => securityLogApi.list(kind, email, offset),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => securityLogApi.csv(kind, email),
    onSuccess: (blob) => downloadBlob(blob, "security-log.csv"),
    onError: notifyError,
  });
  const list = events.data?.list ?? [];
  const pageInfo = events.data?.pageInfo;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" });

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={t("securityLog.heading")}
        subtitle={t("securityLog.subheading", { days: events.data?.retention_days ?? 90 })}
        actions={
          <Button variant="secondary" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            <Download aria-hidden="true" className="size-4" />
            {t("securityLog.exportCsv")}
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t("securityLog.kind")}
          value={kind}
          choices={[
            { value: "", label: t("securityLog.allKinds") },
            ...SECURITY_EVENT_KINDS.map((k) => ({ value: k, label: t(KIND_KEYS[k]) })),
          ]}
          onValueChange={(v) => (setKind(v), setOffset(0))}
        />
        <SearchBox
          label={t("securityLog.search")}
          value={search}
          onValueChange={(v) => (setSearch(v), setOffset(0))}
          className="max-w-sm"
        />
      </div>
      {events.isPending ? <FullPageSpinner /> : null}
      {events.isError ? <FormAlert tone="error" message={errorText(events.error, t("msg.error.internal"))} /> : null}
      {events.isSuccess && list.length === 0 ? <p className="text-sm text-gray-500">{t("securityLog.empty")}</p> : null}
      {list.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full min-w-[48rem]" data-testid="security-log">
            <thead className="bg-gray-50">
              <tr>
                <th className={HEAD}>{t("securityLog.colWhen")}</th>
                <th className={HEAD}>{t("securityLog.colEvent")}</th>
                <th className={HEAD}>{t("securityLog.colUser")}</th>
                <th className={HEAD}>{t("securityLog.colAddress")}</th>
                <th className={HEAD}>{t("securityLog.colBrowser")}</th>
                <th className={HEAD}>{t("securityLog.colDetail")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} className="border-t border-gray-100" data-testid="security-event">
                  <td className={`${CELL} whitespace-nowrap text-gray-600`}>{when.format(new Date(e.at))}</td>
                  <td className={`${CELL} text-gray-900`}>{t(KIND_KEYS[e.kind])}</td>
                  <td className={`${CELL} text-gray-900`} dir="ltr">
                    {e.email ?? "—"}
                  </td>
                  <td className={`${CELL} text-gray-600`} dir="ltr">
                    {e.address ?? t("securityLog.localAddress")}
                  </td>
                  <td className={`${CELL} max-w-56 truncate text-gray-600`} title={e.user_agent ?? ""} dir="ltr">
                    {e.user_agent ?? "—"}
                  </td>
                  <td className={`${CELL} max-w-72 break-all font-mono text-xs text-gray-600`} dir="ltr">
                    {e.detail ? JSON.stringify(e.detail) : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PageButtons pageInfo={pageInfo} offset={offset} pageSize={SECURITY_LOG_PAGE_SIZE} onOffset={setOffset} />
    </section>
  );
}
