/** One grid view of a table: toolbar, grid, expanded record and field dialogs, wired to the API. */
import { FooterAggregates, useFooterChoice } from "./footer-aggregates";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isVirtual, isHidden } from "../../../db/fields/registry";
import { queryKeys } from "../../api/query-keys";
import type { TableMeta } from "../../api/types";
import type { Row } from "../../api/view-types";
import { useNotifyError } from "../../lib/use-notify-error";
import { LinkHost } from "../../links/link-host";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid, track } from "../../realtime";
import { useGridColumns } from "./data/use-grid-columns";
import { useGridWrites } from "./data/use-grid-writes";
import { useRowStore } from "./data/use-row-store";
import { useLocalSettings } from "./data/use-local-settings";
import type { ViewSetup } from "./data/use-view-setup";
import { useViewQuery } from "./data/use-view-query";
import { ExpandedRow } from "./expanded/expanded-row";
import { Grid } from "./grid";
import { fieldView } from "./grid-field";
import type { HeaderActions } from "./header-cell";
import { needsRecordForm } from "./logic/new-record";
import { filterDefaults } from "./logic/filter-defaults";
import { useRecordTemplate } from "../shared/use-record-template";
import { sortBy } from "./logic/sorts";
import { GridToolbar } from "./toolbar/grid-toolbar";
import { GroupedGrid } from "./groups/grouped-grid";
import { useGridGroups } from "./groups/use-grid-groups";
import { useGroupedData } from "./groups/use-grouped-data";
import type { GroupNode } from "./groups/group-tree";
import { useFieldDialogs } from "./use-field-dialogs";
import { ColourMenu } from "../colour/colour-menu";
import { DefaultsMenu } from "../shared/defaults-menu";
import { useColourRules } from "../colour/use-colour-rules";
import { useFillHeight } from "./use-fill-height";
import { keyPartOf, keySpecOf, keyTitles, rowIdOf } from "../../lib/row-id";

export function GridView({ meta, setup }: { meta: TableMeta; setup: ViewSetup }) {
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { filterAutoSave } = useLocalSettings();
  // A locked view's filters, sorts, fields and layout are its builders' (SPEC 3): others get none of those controls.
  const shapeLocked = setup.view?.lock_type === "locked" && !can("viewUpdate");
  const perms = { edit: can("dataUpdate"), insert: can("dataInsert"), delete: can("dataDelete") };
  const keyTitle = keySpecOf(meta.columns);
  const target = useMemo(() => ({ projectId, tableId: meta.id }), [projectId, meta.id]);
  const cols = useGridColumns(setup, can("gridColumnUpdate"));
  const visible = useMemo(() => cols.visible.map(fieldView), [cols.visible]);
  const all = useMemo(() => cols.all.map(fieldView), [cols.all]);
  // Fields in the grid's order first (the filter, sort and search pickers start there), then the rest.
  const queryColumns = useMemo(() => {
    const shown = cols.visible.map((f) => f.column);
    return [...shown, ...meta.columns.filter((c) => !shown.includes(c) && !isHidden(c.uidt))];
  }, [cols.visible, meta.columns]);
  const searchColumns = useMemo(() => queryColumns.filter((c) => !isVirtual(c.uidt)), [queryColumns]);
  const fieldTitles = useMemo(
    () => [...new Set([...keyTitles(keyTitle), ...cols.visible.map((f) => f.column.title)])],
    [keyTitle, cols.visible],
  );
  const query = useViewQuery({
    setup,
    columns: queryColumns,
    fieldTitles,
    canSaveFilters: can("filterCreate"),
    canSaveSorts: can("sortCreate"),
  });
  // Group-by (issue 37): changed by those who may change the grid's columns, as sorts.
  const groups = useGridGroups(setup, can("gridColumnUpdate"));
  const grouped = groups.levels.length > 0;
  const store = useRowStore(projectId, meta.id, query.rowQuery, notifyError, grouped);
  // Each group header shows the footer's chosen aggregates over its records (issue 37).
  const footerChoice = useFooterChoice(setup.view?.id, visible);
  const groupedData = useGroupedData(
    target,
    query.rowQuery,
    groups.levels,
    meta.columns,
    footerChoice.aggregations,
    notifyError,
  );
  const writableTitles = useMemo(() => all.filter((f) => !f.codec.readOnly).map((f) => f.column.title), [all]);
  // Colour rules (issue 37): the server colours each row it lists; after an edit the rows are
  // read again so a tint follows the new value.
  const colours = useColourRules(setup.view?.id, () => (grouped ? groupedData.reload() : store.reload()));
  const coloured = (colours.rules?.rules.length ?? 0) > 0 || !!colours.rules?.fk_select_column_id;
  const writes = useGridWrites(target, keyTitle, store, writableTitles, coloured);
  const fieldDialogs = useFieldDialogs(meta);
  const [expanded, setExpanded] = useState<{ key: string | number | null; initial?: Row } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useFillHeight(box);

  // A field added or changed: the view's grid columns change with it, and so may the values
  // (a converted type, a formula or rollup computed anew).
  const viewId = setup.view?.id;
  const seenColumns = useRef(meta.columns);
  useEffect(() => {
    if (seenColumns.current === meta.columns) return;
    seenColumns.current = meta.columns;
    if (viewId) void queryClient.invalidateQueries({ queryKey: queryKeys.gridColumns(viewId) });
    store.reload();
  }, [meta.columns, viewId, queryClient, store]);

  const onExpand = useCallback(
    (rowIndex: number) => {
      const row = store.rowAt(rowIndex);
      if (!row) return;
      setExpanded({ key: rowIdOf(row, keyTitle) as string | number });
      track("row:expand", { tableId: meta.id });
    },
    [store, keyTitle, meta.id],
  );

  const fieldById = useMemo(() => new Map(all.map((f) => [f.column.id, f])), [all]);
  const fieldOf = useCallback((id: string) => fieldById.get(id), [fieldById]);
  // A new record starts with the view's default values and those its filters ask for, so it
  // stays in view (issue 37).
  const codecOf = useCallback((id: string) => fieldById.get(id)?.codec, [fieldById]);
  const startWith = useRecordTemplate(viewId, codecOf);
  const newValues = () => startWith(filterDefaults(query.filters, codecOf));
  const newRecord = () => setExpanded({ key: null, initial: newValues() });
  /** A new record in a group: the form opens with the values of the group and those around it. */
  const newInGroup = (node: GroupNode) => {
    const initial: Row = newValues();
    node.values.forEach((v, i) => {
      const level = groups.levels[i];
      const f = fieldById.get(level?.columnId ?? "");
      if (f && v !== null && !f.codec.readOnly && !level?.bucket) initial[f.column.title] = v;
    });
    setExpanded({ key: null, initial });
  };
  /**
   * A record dragged into another group: each group field whose value differs takes the target
   * group's (empty for the empty group), as one undoable update; the groups are then read again.
   */
  const moveToGroup = async (row: Row, _from: GroupNode, to: GroupNode) => {
    const changes: Row = {};
    to.values.forEach((v, i) => {
      const level = groups.levels[i];
      const f = fieldById.get(level?.columnId ?? "");
      // A date bucket (a month) is no one value to give the record: that level is left as it is.
      if (
        f &&
        !f.codec.readOnly &&
        !level?.bucket &&
        JSON.stringify(row[f.column.title] ?? null) !== JSON.stringify(v)
      ) {
        changes[f.column.title] = v;
      }
    });
    if (Object.keys(changes).length === 0) return;
    await writes.applyPlan({
      updates: [{ ...keyPartOf(row, keyTitle), ...changes }],
      before: [row],
      inserts: [],
      error: null,
    });
    groupedData.reload();
  };
  const closeExpanded = () => {
    setExpanded(null);
    // Counts and places may have changed: the groups are read again.
    if (grouped) groupedData.reload();
  };

  const headerActions: HeaderActions = {
    canShape: !shapeLocked,
    canEditField: can("columnUpdate"),
    canDeleteField: can("columnDelete"),
    onEditField: (f) => fieldDialogs.editField(f.column),
    onDeleteField: (f) => fieldDialogs.deleteField(f.column),
    onSort: (f, direction) => query.editSorts(sortBy(query.sorts, f.column.id, direction)),
    onHide: (f) => cols.setShown(f, false),
    onResize: cols.resize,
    onMove: cols.moveVisible,
  };

  // Realtime: another tab's new row shows last only while rows come in table order.
  const inTableOrder = query.filters.length === 0 && query.sorts.length === 0 && !query.search.query.trim();
  return (
    <LiveGrid
      tableId={meta.id}
      keyTitle={keyTitle}
      store={grouped ? groupedData.live : store}
      inTableOrder={inTableOrder}
    >
      <div ref={box} className="flex min-h-96 flex-col">
        <GridToolbar
          title={meta.title}
          columns={queryColumns}
          searchColumns={searchColumns}
          fields={cols.all}
          onShowField={cols.setShown}
          onMoveField={cols.moveAll}
          onAllFields={cols.setAll}
          onEditFields={can("columnAdd") || can("columnUpdate") ? fieldDialogs.openPanel : null}
          filters={query.filters}
          onFilters={query.editFilters}
          sorts={query.sorts}
          onSorts={query.editSorts}
          autoSave={filterAutoSave}
          mayPersist={can("filterCreate") && setup.viewApiReady}
          canSave={query.canSave}
          onSave={() => void query.save()}
          rowLevel={cols.rowLevel}
          onRowLevel={cols.setRowHeight}
          search={query.search}
          onSearch={query.setSearch}
          canUndo={writes.canUndo}
          canRedo={writes.canRedo}
          shapeLocked={shapeLocked}
          onUndo={() => void writes.undo().then(() => grouped && groupedData.reload())}
          onRedo={() => void writes.redo().then(() => grouped && groupedData.reload())}
          onNewRecord={perms.insert ? newRecord : null}
          groups={{ levels: groups.levels, onChange: groups.setLevels }}
          colourMenu={
            setup.viewApiReady ? (
              <>
                <ColourMenu
                  rules={colours.rules}
                  columns={queryColumns}
                  canEdit={can("filterCreate")}
                  onSave={colours.save}
                />
                <DefaultsMenu viewId={viewId} fields={all} canEdit={can("filterCreate")} />
              </>
            ) : null
          }
        />
        <LinkHost
          tableId={meta.id}
          keyTitle={keyTitle}
          onChanged={() => (grouped ? groupedData.reload() : store.reload())}
        >
          {grouped ? (
            <GroupedGrid
              data={groupedData}
              levels={groups.levels.length}
              fields={visible}
              fieldOf={fieldOf}
              rowHeight={cols.rowHeight}
              headerActions={headerActions}
              label={meta.title}
              onExpand={(row) => setExpanded({ key: rowIdOf(row, keyTitle) as string | number })}
              onAdd={perms.insert ? newInGroup : null}
              onMove={perms.edit ? (row, from, to) => void moveToGroup(row, from, to) : null}
              footer={
                <FooterAggregates
                  projectId={projectId}
                  tableId={meta.id}
                  viewId={viewId}
                  rowQuery={query.rowQuery}
                  fields={visible}
                  total={groupedData.roots.reduce((n, g) => n + g.count, 0)}
                  canChoose={can("gridColumnUpdate")}
                />
              }
            />
          ) : (
            <Grid
              fields={visible}
              store={store}
              rowHeight={cols.rowHeight}
              keyTitle={keyTitle}
              writes={writes}
              perms={perms}
              headerActions={headerActions}
              label={meta.title}
              onExpand={onExpand}
              onNewRecord={needsRecordForm(meta.columns) ? newRecord : null}
              newValues={newValues}
              search={{
                query: query.search.query,
                onClear: () => query.setSearch({ columnId: query.search.columnId, query: "" }),
              }}
              aggregates={
                <FooterAggregates
                  projectId={projectId}
                  tableId={meta.id}
                  viewId={viewId}
                  rowQuery={query.rowQuery}
                  fields={visible}
                  total={store.totalRows}
                  canChoose={can("gridColumnUpdate")}
                />
              }
            />
          )}
          {expanded ? (
            <ExpandedRow
              target={target}
              keyTitle={keyTitle}
              rowKey={expanded.key}
              fields={all}
              canEdit={perms.edit}
              canComment={can("commentRow")}
              writes={writes}
              initial={expanded.initial}
              onClose={closeExpanded}
            />
          ) : null}
        </LinkHost>
        {fieldDialogs.dialogs}
      </div>
    </LiveGrid>
  );
}
