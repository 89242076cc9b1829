/**
 * A publicly shared dashboard (/nc/dashboard/{uuid}, its own lazy chunk): read-only widgets
 * loaded without signing in, a password prompt when the share has one (as shared views ask), and
 * "not found" for a link that was withdrawn or has expired.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { Button } from "../components/ui/button";
import { FullPageSpinner } from "../components/ui/spinner";
import { TextField } from "../components/ui/text-field";
import { ApiError } from "../lib/api-errors";
import { DashboardGrid } from "./dashboard-grid";
import { publicDashboardsApi } from "./dashboards-api";
import { preloadCharts } from "./widget-body";
import { WidgetCard } from "./widget-card";

const storeKey = (uuid: string) => `shared-dashboard-password:${uuid}`;

const needsPassword = (e: unknown) =>
  e instanceof ApiError &&
  (e.status === 401 || e.status === 403) &&
  /password/i.test(`${e.message} ${JSON.stringify(e.body)}`);

export function PublicDashboardPage() {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const [password, setPassword] = useState(() => sessionStorage.getItem(storeKey(uuid)));
  const [typed, setTyped] = useState("");
  const board = useQuery({
    queryKey: ["publicDashboard", uuid, password],
    queryFn: () => publicDashboardsApi.read(uuid, password),
    retry: false,
  });
  useEffect(preloadCharts, []);
  if (board.isPending) return <FullPageSpinner />;
  if (board.isError && needsPassword(board.error))
    return (
      <form
        className="mx-auto flex max-w-sm flex-col gap-3 rounded-lg bg-white p-6 shadow"
        onSubmit={(e) => {
          e.preventDefault();
          sessionStorage.setItem(storeKey(uuid), typed);
          setPassword(typed);
        }}
      >
        <h1 className="text-lg font-semibold">{t("sharedView.passwordTitle")}</h1>
        <TextField
          type="password"
          label={t("sharedView.passwordLabel")}
          value={typed}
          onValueChange={setTyped}
          autoComplete="current-password"
          autoFocus
          error={password ? t("sharedView.wrongPassword") : null}
        />
        <Button type="submit" disabled={!typed}>
          {t("sharedView.passwordSubmit")}
        </Button>
      </form>
    );
  if (board.isError) return <p className="text-center text-gray-600">{t("dashboards.notFound")}</p>;
  const d = board.data;
  return (
    <div className="flex flex-col gap-3" data-testid="public-dashboard">
      <h1 className="text-lg font-semibold text-gray-900">{d.title || t("dashboards.publicTitle")}</h1>
      <DashboardGrid
        widgets={d.widgets ?? []}
        editable={false}
        onLayout={() => undefined}
        render={(w) => (
          <WidgetCard
            dashboardId={uuid}
            widget={w}
            load={(widget, signal) => publicDashboardsApi.data(uuid, widget.id, password, signal)}
          />
        )}
      />
    </div>
  );
}
