/**
 * A kanban view: a stack per option of its SingleSelect field plus "uncategorized", each loaded a
 * page at a time (the grouped list, `group/{columnId}`) with its count and "load more". Cards are
 * dragged to another stack (the record's field changes) or within one (the hand order is kept in
 * the view's meta); the last moves can be undone (button or Ctrl+Z); moves made by others arrive
 * over realtime. Stacks can be reordered, collapsed, renamed (the option is renamed, so every
 * record in it follows) and added (a new option).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, ChevronsDownUp, ChevronsUpDown, Plus, Undo2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { servesView } from "../../../db/fields/registry";
import { queryKeys } from "../../api/query-keys";
import { rowsApi } from "../../api/rows-api";
import { tablesApi } from "../../api/tables-api";
import type { Column, SelectOption } from "../../api/types";
import { viewKindsApi, type Group, type KanbanSettings } from "../../api/view-kinds-api";
import { carriedSettings } from "../shared/carried-settings";
import type { Row, View } from "../../api/view-types";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/api-errors";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid } from "../../realtime";
import { ExpandedRow } from "../grid/expanded/expanded-row";
import { filterTree } from "../grid/data/use-view-setup";
import { filterDefaults } from "../grid/logic/filter-defaults";
import { useRecordTemplate } from "../shared/use-record-template";
import { fromSaved } from "../grid/logic/filters";
import { recordWrites } from "../shared/record-writes";
import { RecordCard } from "../shared/record-card";
import { CoverFitPicker } from "../shared/cover-fit-picker";
import { ViewFieldsMenu } from "../shared/view-fields-menu";
import { ColourMenu } from "../colour/colour-menu";
import { DefaultsMenu } from "../shared/defaults-menu";
import { useColourRules } from "../colour/use-colour-rules";
import { useViewFrame, type ViewFrame } from "../shared/use-view-frame";
import {
  MAX_HAND_ORDER,
  orderCards,
  parseMeta,
  stacksOf,
  withStacks,
  wipLimitOf,
  withWipLimit,
  type KanbanMeta,
  type Stack,
} from "./board";
import { StackName, NewStack } from "./stack-name";
import { WipLimit } from "./wip-limit";
import { rowIdOf } from "../../lib/row-id";

const PAGE = 25;

function byStack(groups: readonly Group[], stacks: readonly Stack[]): Record<string, Loaded> {
  const next: Record<string, Loaded> = {};
  for (const g of groups)
    next[stacks.find((s) => s.key === g.key)?.id ?? "uncategorized"] = {
      rows: g.value.list,
      total: g.value.pageInfo.totalRows,
    };
  return next;
}
interface Loaded {
  rows: Row[];
  total: number;
}
interface Move {
  key: unknown;
  from: string;
  to: string;
  fromIndex: number;
  toIndex: number;
}

export function KanbanView({ tableId, view }: { tableId: string; view: View }) {
  const { t } = useTranslation();
  const { frame, error } = useViewFrame(tableId, view);
  const { projectId } = useProject();
  // The view list already carries the settings, so the stacks' first pages are asked for at once.
  const settings = useQuery({
    queryKey: ["kanban", view.id],
    queryFn: () => viewKindsApi.kanban(view.id),
    initialData: () => carriedSettings<KanbanSettings>(view, "fk_grp_col_id"),
  });
  // The first page of every stack is asked for as soon as the stack field is known, alongside the
  // table's columns, rather than after them.
  const grpId = settings.data?.fk_grp_col_id ?? null;
  const first = useQuery({
    queryKey: ["kanbanFirst", view.id, grpId],
    enabled: grpId !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => viewKindsApi.grouped(projectId, tableId, view.id, grpId!, { limit: PAGE }),
  });
  if (error || settings.error)
    return <FormAlert tone="error" message={errorText(error ?? settings.error, t("views.loadError"))} />;
  if (!frame || !settings.data || (grpId !== null && first.isPending)) return <FullPageSpinner />;
  const group = frame.meta.columns.find((c) => c.id === settings.data.fk_grp_col_id);
  if (!group) return <FormAlert tone="error" message={t("views.kanban.noStackField")} />;
  return (
    <Board
      frame={frame}
      group={group}
      metaText={settings.data.meta}
      coverId={settings.data.fk_cover_image_col_id}
      initial={first.data}
    />
  );
}

function Board({
  frame,
  group,
  metaText,
  coverId,
  initial,
}: {
  frame: ViewFrame;
  group: Column;
  metaText: string;
  coverId: string | null;
  initial: Group[] | undefined;
}) {
  const { t } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { view, keyTitle } = frame;
  const [meta, setMeta] = useState<KanbanMeta>(() => parseMeta(metaText));
  useEffect(() => setMeta(parseMeta(metaText)), [metaText]);
  const options = useMemo(() => (group.colOptions?.options ?? []) as SelectOption[], [group.colOptions]);
  const stacks = useMemo(() => stacksOf(options, meta, group.id), [options, meta, group.id]);
  const [loaded, setLoaded] = useState<Record<string, Loaded>>(() => (initial ? byStack(initial, stacks) : {}));
  const skipFirstLoad = useRef(Boolean(initial));
  const [failed, setFailed] = useState<unknown>(null);
  const [dragging, setDragging] = useState<{ key: unknown; from: string } | null>(null);
  const [expanded, setExpanded] = useState<{ key: string | number | null; initial?: Row } | null>(null);
  // A new record in a stack takes the stack's value and the values the view's filters ask for,
  // so it shows in that stack (issue 37).
  const savedFilters = useQuery({ queryKey: queryKeys.filters(view.id), queryFn: () => filterTree(view.id) });
  const codecOf = useCallback((id: string) => frame.fields.find((f) => f.column.id === id)?.codec, [frame.fields]);
  const startWith = useRecordTemplate(view.id, codecOf);
  const newInStack = (stack: Stack) => {
    const initial = startWith(filterDefaults(fromSaved(savedFilters.data ?? []), codecOf));
    if (stack.key !== null) initial[group.title] = stack.key;
    setExpanded({ key: null, initial });
  };
  const undo = useRef<Move[]>([]);
  const [, setTick] = useState(0);
  const canMove = can("dataUpdate");
  const canShape = can("gridColumnUpdate") && (view.lock_type !== "locked" || can("viewUpdate"));
  const cover = frame.meta.columns.find((c) => c.id === coverId && servesView(c.uidt, "cover")) ?? null;
  const cardFields = frame.shown
    .filter((c) => c.id !== frame.pv?.id && c.id !== cover?.id && c.id !== group.id)
    .slice(0, 4);
  const stackIdOf = useCallback(
    (value: unknown) => stacks.find((s) => s.key === (value ?? null))?.id ?? "uncategorized",
    [stacks],
  );

  const load = useCallback(async () => {
    try {
      const groups = await viewKindsApi.grouped(projectId, frame.meta.id, view.id, group.id, { limit: PAGE });
      setLoaded(byStack(groups, stacks));
      setFailed(null);
    } catch (err) {
      setFailed(err);
    }
  }, [projectId, frame.meta.id, view.id, group.id, stacks]);
  useEffect(() => {
    if (skipFirstLoad.current) skipFirstLoad.current = false;
    else void load();
  }, [load]);

  async function loadMore(stack: Stack) {
    const have = loaded[stack.id]?.rows ?? [];
    try {
      const [g] = await viewKindsApi.grouped(projectId, frame.meta.id, view.id, group.id, {
        limit: PAGE,
        offset: have.length,
        keys: [stack.key],
      });
      if (g)
        setLoaded((old) => ({
          ...old,
          [stack.id]: { rows: [...(old[stack.id]?.rows ?? []), ...g.value.list], total: g.value.pageInfo.totalRows },
        }));
    } catch (err) {
      notifyError(err);
    }
  }

  const saveMeta = useCallback(
    async (next: KanbanMeta) => {
      setMeta(next);
      try {
        await viewKindsApi.updateKanban(view.id, { meta: next });
      } catch (err) {
        notifyError(err);
      }
    },
    [view.id, notifyError],
  );

  /** Moves a card locally; answers the card, or null when it is not loaded. */
  function place(key: unknown, from: string, to: string, toIndex: number, values?: Row): Row | null {
    let card: Row | null = null;
    setLoaded((old) => {
      const src = old[from]?.rows ?? [];
      const found = src.find((r) => rowIdOf(r, keyTitle) === key);
      if (!found) return old;
      card = { ...found, ...values };
      const rest = src.filter((r) => rowIdOf(r, keyTitle) !== key);
      const next = { ...old, [from]: { rows: rest, total: (old[from]?.total ?? 1) - (from === to ? 0 : 1) } };
      const dst = from === to ? rest : (old[to]?.rows ?? []);
      const rows = [...dst];
      rows.splice(Math.min(toIndex, rows.length), 0, card);
      next[to] = { rows, total: (old[to]?.total ?? 0) + (from === to ? 0 : 1) };
      return next;
    });
    return card;
  }

  async function move(m: Move, record = true) {
    const to = stacks.find((s) => s.id === m.to);
    if (!to) return;
    place(m.key, m.from, m.to, m.toIndex, m.from === m.to ? undefined : { [group.title]: to.key });
    if (record) {
      undo.current = [...undo.current.slice(-19), m];
      setTick((n) => n + 1);
    }
    try {
      if (m.from !== m.to)
        await rowsApi.update({ projectId, tableId: frame.meta.id }, m.key as string | number, {
          [group.title]: to.key,
        });
      // The hand order of the stack it lands in: the loaded cards' keys as they now stand.
      setLoaded((now) => {
        const keys = (now[m.to]?.rows ?? [])
          .slice(0, MAX_HAND_ORDER)
          .map((r) => rowIdOf(r, keyTitle) as string | number);
        void saveMeta({ ...meta, cardOrder: { ...(meta.cardOrder ?? {}), [m.to]: keys } });
        return now;
      });
    } catch (err) {
      notifyError(err);
      void load();
    }
  }

  const undoLast = useCallback(() => {
    const m = undo.current.pop();
    setTick((n) => n + 1);
    if (m) void move({ key: m.key, from: m.to, to: m.from, fromIndex: m.toIndex, toIndex: m.fromIndex }, false);
  }, [stacks, meta]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        (e.ctrlKey || e.metaKey) &&
        e.key.toLowerCase() === "z" &&
        !e.shiftKey &&
        !target?.closest("input, textarea, [contenteditable]")
      ) {
        e.preventDefault();
        undoLast();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoLast]);

  function drop(to: Stack, index: number) {
    if (!dragging) return;
    const fromIndex = (loaded[dragging.from]?.rows ?? []).findIndex((r) => rowIdOf(r, keyTitle) === dragging.key);
    setDragging(null);
    if (dragging.from === to.id && (fromIndex === index || fromIndex + 1 === index)) return;
    const toIndex = dragging.from === to.id && fromIndex < index ? index - 1 : index;
    void move({ key: dragging.key, from: dragging.from, to: to.id, fromIndex, toIndex });
  }

  async function changeOptions(next: SelectOption[]) {
    try {
      await tablesApi.updateColumn(group.id, {
        title: group.title,
        column_name: group.column_name ?? undefined,
        uidt: group.uidt,
        meta: group.meta ?? {},
        colOptions: { ...group.colOptions, options: next },
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.table(frame.meta.id) });
      void load();
    } catch (err) {
      notifyError(err);
    }
  }
  function addStack(title: string) {
    if (title && !options.some((o) => o.title === title)) void changeOptions([...options, { title }]);
  }
  function renameStack(stack: Stack, title: string) {
    if (title && title !== stack.key)
      void changeOptions(options.map((o) => (o.title === stack.key ? { ...o, title } : o)));
  }
  function shiftStack(index: number, delta: -1 | 1) {
    const next = [...stacks];
    const [s] = next.splice(index, 1);
    next.splice(index + delta, 0, s!);
    void saveMeta(withStacks(meta, group.id, next));
  }
  function toggle(stack: Stack) {
    const next = withStacks(
      meta,
      group.id,
      stacks.map((s) => (s.id === stack.id ? { ...s, collapsed: !s.collapsed } : s)),
    );
    // On a locked view, those who may not change it collapse stacks for themselves only.
    if (canShape) void saveMeta(next);
    else setMeta(next);
  }

  // Colour rules (issue 37): the cards' stripes come with the rows; a change reads them again.
  const colours = useColourRules(view.id, () => void load());

  // Realtime: another person's change to a loaded card moves or updates it; anything else reloads.
  const live = useMemo(
    () => ({
      patchByKey(_keyTitle: string, key: unknown, values: Row) {
        setLoaded((old) => {
          for (const [sid, l] of Object.entries(old)) {
            const card = l.rows.find((r) => rowIdOf(r, keyTitle) === key);
            if (!card) continue;
            const merged = { ...card, ...values };
            const to = group.title in values ? stackIdOf(values[group.title]) : sid;
            if (to === sid) return { ...old, [sid]: { ...l, rows: l.rows.map((r) => (r === card ? merged : r)) } };
            return {
              ...old,
              [sid]: { rows: l.rows.filter((r) => r !== card), total: l.total - 1 },
              [to]: { rows: [merged, ...(old[to]?.rows ?? [])], total: (old[to]?.total ?? 0) + 1 },
            };
          }
          return old;
        });
      },
      applyEdit: () => (void load(), true),
      reload: () => void load(),
    }),
    [keyTitle, group.title, stackIdOf, load],
  );

  const target = { projectId, tableId: frame.meta.id };
  const writes = recordWrites(target, keyTitle, () => void load(), notifyError);
  if (failed) return <FormAlert tone="error" message={errorText(failed, t("views.loadError"))} />;
  return (
    <LiveGrid tableId={frame.meta.id} keyTitle={keyTitle} store={live} inTableOrder={false}>
      <div className="flex min-h-0 flex-1 flex-col gap-2">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold text-gray-900">{view.title}</h2>
          {canShape ? <ViewFieldsMenu frame={frame} /> : null}
          <ColourMenu
            rules={colours.rules}
            columns={frame.meta.columns}
            canEdit={can("filterCreate")}
            onSave={colours.save}
          />
          <DefaultsMenu viewId={view.id} fields={frame.fields} canEdit={can("filterCreate")} />
          {canShape && cover ? (
            <CoverFitPicker
              value={meta.coverFit === "fit" ? "fit" : "crop"}
              onChange={(coverFit) => void saveMeta({ ...meta, coverFit })}
            />
          ) : null}
          <button
            type="button"
            className="ms-auto flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 disabled:opacity-40"
            disabled={undo.current.length === 0}
            onClick={undoLast}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t("views.kanban.undo")}
          </button>
        </div>
        <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto pb-2" data-testid="kanban-board">
          {stacks.map((stack, i) => {
            const l = loaded[stack.id];
            const rows = orderCards(l?.rows ?? [], keyTitle, meta.cardOrder?.[stack.id]);
            const name = stack.key ?? t("views.kanban.uncategorized");
            const limit = wipLimitOf(meta, stack.id);
            const over = limit !== null && (l?.total ?? 0) > limit;
            return (
              <section
                key={stack.id}
                data-testid="kanban-stack"
                data-stack={name}
                data-stack-id={stack.id}
                aria-label={name}
                data-over-limit={over || undefined}
                className={`flex shrink-0 flex-col rounded-lg ${over ? "bg-red-50 ring-1 ring-red-300" : "bg-gray-100"} ${stack.collapsed ? "w-12" : "w-72"}`}
                onDragOver={(e) => dragging && e.preventDefault()}
                onDrop={(e) => (e.preventDefault(), drop(stack, rows.length))}
              >
                <header className="flex items-center gap-1 p-2">
                  <button
                    type="button"
                    className="rounded p-0.5 text-gray-500 hover:bg-gray-200"
                    aria-label={
                      stack.collapsed ? t("views.kanban.expand", { name }) : t("views.kanban.collapse", { name })
                    }
                    onClick={() => toggle(stack)}
                  >
                    {stack.collapsed ? (
                      <ChevronsUpDown aria-hidden="true" className="size-4" />
                    ) : (
                      <ChevronsDownUp aria-hidden="true" className="size-4" />
                    )}
                  </button>
                  {stack.collapsed ? null : (
                    <>
                      <span
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: stack.color ?? "#9ca3af" }}
                        aria-hidden="true"
                      />
                      <StackName
                        name={name}
                        canRename={stack.key !== null && can("columnUpdate")}
                        onRename={(title) => renameStack(stack, title)}
                      />
                      <span
                        data-testid="stack-count"
                        className={`rounded-full px-1.5 text-xs ${over ? "bg-red-600 font-semibold text-white" : "bg-white text-gray-600"}`}
                      >
                        {limit ? `${l?.total ?? 0}/${limit}` : (l?.total ?? 0)}
                      </span>
                      {over ? (
                        <span data-testid="stack-over" className="text-xs font-medium text-red-700">
                          {t("views.kanban.overLimit")}
                        </span>
                      ) : null}
                      {canShape ? (
                        <WipLimit
                          name={name}
                          limit={limit}
                          onChange={(n) => void saveMeta(withWipLimit(meta, stack.id, n))}
                        />
                      ) : null}
                      {canShape ? (
                        <span className="ms-auto flex">
                          <button
                            type="button"
                            className="rounded p-0.5 text-gray-500 hover:bg-gray-200 disabled:opacity-30"
                            aria-label={t("views.kanban.moveBefore", { name })}
                            disabled={i === 0}
                            onClick={() => shiftStack(i, -1)}
                          >
                            <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
                          </button>
                          <button
                            type="button"
                            className="rounded p-0.5 text-gray-500 hover:bg-gray-200 disabled:opacity-30"
                            aria-label={t("views.kanban.moveAfter", { name })}
                            disabled={i === stacks.length - 1}
                            onClick={() => shiftStack(i, 1)}
                          >
                            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                          </button>
                        </span>
                      ) : null}
                    </>
                  )}
                </header>
                {stack.collapsed ? null : (
                  <ol className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2">
                    {rows.map((row, index) => (
                      <li
                        key={String(rowIdOf(row, keyTitle))}
                        data-testid="kanban-card"
                        draggable={canMove}
                        onDragStart={(e) => (
                          setDragging({ key: rowIdOf(row, keyTitle), from: stack.id }),
                          e.dataTransfer.setData("text/plain", String(rowIdOf(row, keyTitle)))
                        )}
                        onDragEnd={() => setDragging(null)}
                        onDragOver={(e) => dragging && (e.preventDefault(), e.stopPropagation())}
                        onDrop={(e) => (e.preventDefault(), e.stopPropagation(), drop(stack, index))}
                        className="cursor-grab rounded-md border border-gray-200 bg-white shadow-xs hover:border-primary/50"
                      >
                        <button
                          type="button"
                          className="block w-full"
                          onClick={() => setExpanded({ key: rowIdOf(row, keyTitle) as string | number })}
                        >
                          <RecordCard
                            row={row}
                            pv={frame.pv}
                            fields={cardFields}
                            cover={cover}
                            untitled={t("views.untitled")}
                            fit={meta.coverFit === "fit" ? "fit" : "crop"}
                          />
                        </button>
                      </li>
                    ))}
                    {l && l.rows.length < l.total ? (
                      <li>
                        <button
                          type="button"
                          className="w-full rounded-md py-1 text-sm text-primary hover:bg-white"
                          onClick={() => void loadMore(stack)}
                        >
                          {t("views.kanban.loadMore", { count: l.total - l.rows.length })}
                        </button>
                      </li>
                    ) : null}
                    {can("dataInsert") ? (
                      <li>
                        <button
                          type="button"
                          data-testid="kanban-new-record"
                          className="inline-flex w-full items-center gap-1 rounded-md px-1 py-1 text-sm text-gray-500 hover:bg-white hover:text-gray-800"
                          onClick={() => newInStack(stack)}
                        >
                          <Plus aria-hidden="true" className="size-4" />
                          {t("grid.row.new")}
                        </button>
                      </li>
                    ) : null}
                  </ol>
                )}
              </section>
            );
          })}
          {can("columnUpdate") ? <NewStack onAdd={addStack} /> : null}
        </div>
      </div>
      {expanded ? (
        <ExpandedRow
          target={target}
          keyTitle={keyTitle}
          rowKey={expanded.key}
          fields={frame.fields}
          canEdit={can("dataUpdate")}
          canComment={can("commentRow")}
          writes={writes}
          initial={expanded.initial}
          onClose={() => setExpanded(null)}
        />
      ) : null}
    </LiveGrid>
  );
}
