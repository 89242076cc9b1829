import { useQuery } from "@tanstack/react-query";
import { Copy, Lock, Pencil, Plus, Shield, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { queryKeys } from "../../../api/query-keys";
import type { TableSummary } from "../../../api/types";
import type { View } from "../../../api/view-types";
import { viewsApi } from "../../../api/views-api";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { kindOfType } from "../../../views/view-kinds";
import { useProject } from "../project-context";
import { tabPath } from "../tabs/tabs";
import { useTabs } from "../tabs/tabs-context";
import { useViewActions } from "./use-view-actions";
import { ViewDialog } from "./view-dialog";
import { ViewKindDialog } from "./view-kind-dialog";
import { orderBetween } from "./view-order";

type Dialog = { kind: "create" } | { kind: "rename" | "duplicate"; view: View } | null;

/**
 * The views of one table under it in the sidebar: each opens in the table's tab; builders create,
 * rename, duplicate, delete (after confirming) and drag views into another order. `filter` narrows
 * the list to views whose title contains it.
 */
export function ViewList({ table, filter }: { table: TableSummary; filter: string }) {
  const { t } = useTranslation();
  const { basePath, can } = useProject();
  const { state: tabs } = useTabs();
  const openTab = tabs.tabs.find((x) => x.id === tabs.activeId);
  const views = useQuery({ queryKey: queryKeys.views(table.id), queryFn: () => viewsApi.list(table.id) });
  const actions = useViewActions(table);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  const [kindOf, setKindOf] = useState<View | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const list = views.data ?? [];
  const shown = filter ? list.filter((v) => v.title.toLowerCase().includes(filter.toLowerCase())) : list;
  const builder = can("viewCreate");

  function drop(to: number) {
    if (dragging === null || dragging === to) return setDragging(null);
    const order = orderBetween(
      list.map((v) => v.order ?? 0),
      dragging,
      to,
    );
    actions.reorder.mutate({ view: list[dragging]!, order });
    setDragging(null);
  }

  const activeView =
    openTab?.id === table.id ? (openTab.viewTitle ?? list.find((v) => v.is_default)?.title) : undefined;
  const pending = dialog?.kind === "rename" ? actions.rename : actions.create;
  return (
    <>
      <ul
        className="ms-4 flex flex-col gap-0.5 border-s border-gray-200 ps-1"
        aria-label={t("views.listOf", { title: table.title })}
      >
        {shown.map((view) => {
          const info = kindOfType(view.type);
          const index = list.indexOf(view);
          return (
            <li
              key={view.id}
              data-testid="sidebar-view"
              draggable={builder && !filter}
              onDragStart={(e) => (setDragging(index), e.dataTransfer.setData("text/plain", view.id))}
              onDragOver={(e) => dragging !== null && e.preventDefault()}
              onDrop={(e) => (e.preventDefault(), drop(index))}
              onDragEnd={() => setDragging(null)}
              className={`group relative rounded-md hover:bg-gray-100 ${dragging === index ? "opacity-50" : ""}`}
            >
              <NavLink
                to={tabPath(basePath, {
                  id: table.id,
                  type: "table",
                  title: table.title,
                  viewTitle: view.is_default ? null : view.title,
                })}
                aria-current={activeView === view.title ? "page" : undefined}
                className={`flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm ${activeView === view.title ? "bg-primary/10 font-medium text-primary" : "text-gray-700"}`}
              >
                <info.icon aria-label={t(info.label)} className={`size-4 shrink-0 ${info.color}`} />
                <span className="truncate">{view.title}</span>
                {view.lock_type === "locked" ? (
                  <Lock aria-label={t("views.locked")} className="size-3 shrink-0 text-gray-400" />
                ) : null}
                {view.lock_type === "personal" ? (
                  <UserRound aria-label={t("views.personal")} className="size-3 shrink-0 text-gray-400" />
                ) : null}
              </NavLink>
              {builder ? (
                <div className="absolute end-1 top-1/2 flex -translate-y-1/2 rounded-md bg-gray-100 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
                  <IconButton
                    label={t("views.rename", { title: view.title })}
                    icon={Pencil}
                    onClick={() => (actions.rename.reset(), setDialog({ kind: "rename", view }))}
                  />
                  <IconButton
                    label={t("views.kind.open", { title: view.title })}
                    icon={Shield}
                    onClick={() => setKindOf(view)}
                  />
                  <IconButton
                    label={t("views.duplicate", { title: view.title })}
                    icon={Copy}
                    onClick={() => (actions.create.reset(), setDialog({ kind: "duplicate", view }))}
                  />
                  {view.is_default ? null : (
                    <IconButton
                      label={t("views.delete", { title: view.title })}
                      icon={Trash2}
                      tone="danger"
                      onClick={() => setDeleting(view)}
                    />
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
        {builder && !filter ? (
          <li>
            <button
              type="button"
              onClick={() => (actions.create.reset(), setDialog({ kind: "create" }))}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1 text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("views.create")}
            </button>
          </li>
        ) : null}
      </ul>
      <ViewDialog
        open={dialog !== null}
        tableId={table.id}
        taken={list.map((v) => v.title)}
        mode={
          dialog?.kind === "rename" || dialog?.kind === "duplicate"
            ? { kind: dialog.kind, viewKind: kindOfType(dialog.view.type).kind, title: dialog.view.title }
            : { kind: "create" }
        }
        pending={pending.isPending}
        error={pending.error}
        onClose={() => setDialog(null)}
        onSubmit={(kind, body) => {
          if (dialog?.kind === "rename")
            actions.rename.mutate({ view: dialog.view, title: body.title }, { onSuccess: () => setDialog(null) });
          else
            actions.create.mutate(
              { kind, body: dialog?.kind === "duplicate" ? { ...body, copy_from_id: dialog.view.id } : body },
              { onSuccess: () => setDialog(null) },
            );
        }}
      />
      <ViewKindDialog
        view={kindOf}
        onClose={() => setKindOf(null)}
        onPick={(lock_type) =>
          kindOf && actions.lock.mutate({ view: kindOf, lock_type }, { onSuccess: () => setKindOf(null) })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("views.deleteTitle")}
        body={t("views.deleteBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("views.deleteConfirm")}
        pending={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
