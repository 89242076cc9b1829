/**
 * The sidebar's "Dashboards" group under the tables: the project's dashboards, and for builders
 * create, rename and delete (with confirmation). Part of the project chunk; the dashboard page
 * and ECharts load only when one is opened.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LayoutDashboard, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate } from "react-router-dom";
import { queryKeys } from "../api/query-keys";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { IconButton } from "../components/ui/icon-button";
import { notify } from "../lib/toast";
import { useNotifyError } from "../lib/use-notify-error";
import { useProject } from "../pages/project/project-context";
import { dashboardsApi } from "./dashboards-api";
import { NameDialog } from "./name-dialog";

interface Named {
  id: string;
  title: string;
}

export const dashboardPath = (basePath: string, id: string) => `${basePath}/dashboard/${encodeURIComponent(id)}`;

export function DashboardList() {
  const { t } = useTranslation();
  const { projectId, basePath, can, isPublicBase } = useProject();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const builder = can("dashboardCreate");
  const list = useQuery({
    queryKey: queryKeys.dashboards(projectId),
    queryFn: () => dashboardsApi.list(projectId),
    enabled: !isPublicBase,
    retry: false,
  });
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Named | null>(null);
  const [deleting, setDeleting] = useState<Named | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.dashboards(projectId) });

  const create = useMutation({
    mutationFn: (title: string) => dashboardsApi.create(projectId, title),
    onSuccess: (d) => {
      void refresh();
      setCreating(false);
      notify.success(t("dashboards.created"));
      void navigate(dashboardPath(basePath, d.id));
    },
  });
  const rename = useMutation({
    mutationFn: (v: { id: string; title: string }) => dashboardsApi.rename(v.id, v.title),
    onSuccess: (_, v) => {
      void refresh();
      void qc.invalidateQueries({ queryKey: queryKeys.dashboard(v.id) });
      setRenaming(null);
    },
  });
  const remove = useMutation({
    mutationFn: (d: Named) => dashboardsApi.remove(d.id),
    onSuccess: () => {
      void refresh();
      setDeleting(null);
      notify.success(t("dashboards.deleted"));
      void navigate(basePath);
    },
    onError: notifyError,
  });

  if (isPublicBase || list.isError) return null;
  const dashboards = list.data?.list ?? [];
  return (
    <div className="mt-3" data-testid="sidebar-dashboards">
      <div className="flex items-center justify-between px-2 py-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{t("dashboards.group")}</p>
        {builder ? (
          <IconButton label={t("dashboards.create")} icon={Plus} onClick={() => (create.reset(), setCreating(true))} />
        ) : null}
      </div>
      {list.isSuccess && dashboards.length === 0 ? (
        <p className="px-2 py-1 text-sm text-gray-500">{t("dashboards.none")}</p>
      ) : null}
      <ul className="flex flex-col gap-0.5">
        {dashboards.map((d) => (
          <li key={d.id} className="group relative rounded-md hover:bg-gray-100">
            <NavLink
              to={dashboardPath(basePath, d.id)}
              className={({ isActive }) =>
                `flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm ${isActive ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`
              }
            >
              <LayoutDashboard aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{d.title}</span>
            </NavLink>
            {can("dashboardUpdate") ? (
              <div className="absolute end-1 top-1/2 flex -translate-y-1/2 rounded-md bg-gray-100 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
                <IconButton
                  label={t("dashboards.rename")}
                  icon={Pencil}
                  onClick={() => (rename.reset(), setRenaming(d))}
                />
                <IconButton label={t("dashboards.delete")} icon={Trash2} tone="danger" onClick={() => setDeleting(d)} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <NameDialog
        open={creating}
        onOpenChange={setCreating}
        heading={t("dashboards.create")}
        submitLabel={t("dashboards.createSubmit")}
        pending={create.isPending}
        error={create.error}
        onSubmit={(title) => create.mutate(title)}
      />
      <NameDialog
        open={renaming !== null}
        onOpenChange={(o) => (o ? undefined : setRenaming(null))}
        heading={t("dashboards.rename")}
        submitLabel={t("dashboards.renameSubmit")}
        initial={renaming?.title}
        pending={rename.isPending}
        error={rename.error}
        onSubmit={(title) => renaming && rename.mutate({ id: renaming.id, title })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t("dashboards.delete")}
        body={t("dashboards.deleteBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("dashboards.delete")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
