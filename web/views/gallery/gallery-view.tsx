/**
 * A gallery view: a card per record with a cover image (the view's Attachment field, by default
 * the table's first; selectable) and the fields the view shows; a card opens the expanded record.
 * Only the cards on screen are drawn and only their pages are fetched (the grid's row store); the
 * toolbar's filters, sorts and search apply as in the grid.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isVirtual, servesView, isHidden } from "../../../db/fields/registry";
import { queryKeys } from "../../api/query-keys";
import { viewKindsApi } from "../../api/view-kinds-api";
import type { Row, View } from "../../api/view-types";
import { viewsApi } from "../../api/views-api";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField } from "../../components/ui/select-field";
import { FullPageSpinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/api-errors";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";
import { LiveGrid } from "../../realtime";
import { useRowStore } from "../grid/data/use-row-store";
import { filterTree, type ViewSetup } from "../grid/data/use-view-setup";
import { useViewQuery } from "../grid/data/use-view-query";
import { ExpandedRow } from "../grid/expanded/expanded-row";
import { filterDefaults } from "../grid/logic/filter-defaults";
import { NewRecordButton } from "../shared/new-record-button";
import { useRecordTemplate } from "../shared/use-record-template";
import { FilterMenu } from "../grid/toolbar/filter-menu";
import { GridSearch } from "../grid/toolbar/grid-search";
import { SortMenu } from "../grid/toolbar/sort-menu";
import { ColourMenu } from "../colour/colour-menu";
import { DefaultsMenu } from "../shared/defaults-menu";
import { useColourRules } from "../colour/use-colour-rules";
import { useLocalSettings } from "../grid/data/use-local-settings";
import { RecordCard } from "../shared/record-card";
import { coverFitOf, type CoverFit } from "../shared/cover";
import { CoverFitPicker } from "../shared/cover-fit-picker";
import { ViewFieldsMenu } from "../shared/view-fields-menu";
import { recordWrites } from "../shared/record-writes";
import { useViewFrame, type ViewFrame } from "../shared/use-view-frame";
import { keyTitles, rowIdOf } from "../../lib/row-id";

const CARD_WIDTH = 240;
const GAP = 12;

export function GalleryView({ tableId, view }: { tableId: string; view: View }) {
  const { t } = useTranslation();
  const { frame, error } = useViewFrame(tableId, view);
  const settings = useQuery({ queryKey: ["gallery", view.id], queryFn: () => viewKindsApi.gallery(view.id) });
  const filters = useQuery({ queryKey: queryKeys.filters(view.id), queryFn: () => filterTree(view.id) });
  const sorts = useQuery({ queryKey: queryKeys.sorts(view.id), queryFn: () => viewsApi.sorts(view.id) });
  const failed = error ?? settings.error ?? filters.error ?? sorts.error;
  if (failed) return <FormAlert tone="error" message={errorText(failed, t("views.loadError"))} />;
  if (!frame || !settings.data || !filters.data || !sorts.data) return <FullPageSpinner />;
  const setup: ViewSetup = {
    meta: frame.meta,
    view,
    gridColumns: null,
    savedFilters: filters.data,
    savedSorts: sorts.data,
    viewApiReady: true,
    pending: false,
    error: null,
  };
  return (
    <Gallery frame={frame} setup={setup} coverId={settings.data.fk_cover_image_col_id} metaText={settings.data.meta} />
  );
}

function Gallery({
  frame,
  setup,
  coverId,
  metaText,
}: {
  frame: ViewFrame;
  setup: ViewSetup;
  coverId: string | null;
  metaText: string;
}) {
  const { t } = useTranslation();
  const { projectId, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { filterAutoSave } = useLocalSettings();
  const { view, keyTitle, meta } = frame;
  const locked = view.lock_type === "locked" && !can("viewUpdate");
  const columns = useMemo(() => meta.columns.filter((c) => !isHidden(c.uidt)), [meta.columns]);
  const cover = meta.columns.find((c) => c.id === coverId && servesView(c.uidt, "cover")) ?? null;
  const fieldTitles = useMemo(
    () => [
      ...new Set([
        ...keyTitles(keyTitle),
        ...(frame.pv ? [frame.pv.title] : []),
        ...(cover ? [cover.title] : []),
        ...frame.shown.map((c) => c.title),
      ]),
    ],
    [keyTitle, frame.pv, cover, frame.shown],
  );
  const query = useViewQuery({
    setup,
    columns,
    fieldTitles,
    canSaveFilters: can("filterCreate") && !locked,
    canSaveSorts: can("sortCreate") && !locked,
  });
  const store = useRowStore(projectId, meta.id, query.rowQuery, notifyError);
  const cardFields = useMemo(
    () => frame.shown.filter((c) => c.id !== frame.pv?.id && c.id !== cover?.id).slice(0, 5),
    [frame.shown, frame.pv, cover],
  );
  const [expanded, setExpanded] = useState<{ key: string | number | null; initial?: Row } | null>(null);
  // A new record starts with the view's default values and those its filters ask for, so it
  // shows here (issue 37).
  const codecOf = useCallback((id: string) => frame.fields.find((f) => f.column.id === id)?.codec, [frame.fields]);
  const startWith = useRecordTemplate(view.id, codecOf);
  const newRecord = () => setExpanded({ key: null, initial: startWith(filterDefaults(query.filters, codecOf)) });
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 800, height: 600, top: 0 });
  // Every shown field has its line on every card (RecordCard's fixedLines), so the cards of a row line up.
  const cardHeight = (cover ? 112 : 0) + 32 + cardFields.length * 20 + 8;
  const perRow = Math.max(1, Math.floor((size.width + GAP) / (CARD_WIDTH + GAP)));
  const total = store.totalRows ?? 0;
  const rowsOfCards = Math.ceil(total / perRow);
  const first = Math.max(0, Math.floor(size.top / (cardHeight + GAP)) - 1);
  const last = Math.min(rowsOfCards, Math.ceil((size.top + size.height) / (cardHeight + GAP)) + 1);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize((s) => ({ ...s, width: el.clientWidth, height: el.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(
    () => store.setViewport(first * perRow, Math.max(first * perRow, last * perRow - 1)),
    [store, first, last, perRow],
  );

  const fit = coverFitOf(metaText);
  async function chooseFit(next: CoverFit) {
    try {
      await viewKindsApi.updateGallery(view.id, {
        meta: { ...(JSON.parse(metaText || "{}") as object), coverFit: next },
      });
      await queryClient.invalidateQueries({ queryKey: ["gallery", view.id] });
    } catch (err) {
      notifyError(err);
    }
  }
  async function chooseCover(id: string) {
    try {
      await viewKindsApi.updateGallery(view.id, { fk_cover_image_col_id: id || null });
      await queryClient.invalidateQueries({ queryKey: ["gallery", view.id] });
    } catch (err) {
      notifyError(err);
    }
  }

  const covers = meta.columns.filter((c) => servesView(c.uidt, "cover"));
  const cards = [];
  for (let r = first; r < last; r++) {
    for (let c = 0; c < perRow; c++) {
      const index = r * perRow + c;
      if (index >= total) break;
      const row = store.rowAt(index);
      cards.push(
        <li
          key={index}
          data-testid="gallery-card"
          className="absolute"
          style={{
            top: r * (cardHeight + GAP),
            insetInlineStart: c * (CARD_WIDTH + GAP),
            width: CARD_WIDTH,
            height: cardHeight,
          }}
        >
          {row ? (
            <button
              type="button"
              className="flex size-full flex-col justify-start overflow-hidden rounded-md border border-gray-200 bg-white text-start shadow-xs hover:border-primary/50"
              onClick={() => setExpanded({ key: rowIdOf(row, keyTitle) as string | number })}
            >
              <RecordCard
                row={row}
                pv={frame.pv}
                fields={cardFields}
                cover={cover}
                untitled={t("views.untitled")}
                fit={fit}
                fixedLines
              />
            </button>
          ) : (
            <div className="size-full animate-pulse rounded-md bg-gray-100" />
          )}
        </li>,
      );
    }
  }
  const writes = recordWrites({ projectId, tableId: meta.id }, keyTitle, () => store.reload(), notifyError);
  // Colour rules (issue 37): the cards' stripes come with the rows; a change reads them again.
  const colours = useColourRules(view.id, () => store.reload());
  return (
    <LiveGrid tableId={meta.id} keyTitle={keyTitle} store={store} inTableOrder={false}>
      <div className="flex min-h-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1">
          <h2 className="me-2 text-lg font-semibold text-gray-900">{view.title}</h2>
          {can("gridColumnUpdate") && !locked ? <ViewFieldsMenu frame={frame} /> : null}
          {locked ? null : (
            <>
              <FilterMenu
                filters={query.filters}
                columns={columns}
                onChange={query.editFilters}
                autoSave={filterAutoSave}
                mayPersist={can("filterCreate")}
                canSave={query.canSave}
                onSave={() => void query.save()}
              />
              <SortMenu sorts={query.sorts} columns={columns} onChange={query.editSorts} />
              <ColourMenu rules={colours.rules} columns={columns} canEdit={can("filterCreate")} onSave={colours.save} />
              <DefaultsMenu viewId={view.id} fields={frame.fields} canEdit={can("filterCreate")} />
            </>
          )}
          {can("gridColumnUpdate") && !locked && covers.length > 0 ? (
            <SelectField
              label={t("views.gallery.cover")}
              hideLabel
              value={cover?.id ?? ""}
              choices={[
                { value: "", label: t("views.gallery.noCover") },
                ...covers.map((c) => ({ value: c.id, label: t("views.gallery.coverFrom", { title: c.title }) })),
              ]}
              onValueChange={(v) => void chooseCover(v)}
            />
          ) : null}
          {can("gridColumnUpdate") && !locked && cover ? (
            <CoverFitPicker value={fit} onChange={(f) => void chooseFit(f)} />
          ) : null}
          {can("dataInsert") ? <NewRecordButton onClick={newRecord} /> : null}
          <div className="ms-auto">
            <GridSearch
              columns={columns.filter((c) => !isVirtual(c.uidt))}
              columnId={query.search.columnId}
              query={query.search.query}
              onSearch={query.setSearch}
            />
          </div>
        </div>
        <div
          ref={box}
          className="relative min-h-0 flex-1 overflow-y-auto"
          data-testid="gallery-scroller"
          onScroll={(e) => {
            const top = e.currentTarget.scrollTop;
            setSize((s) => ({ ...s, top }));
          }}
        >
          {store.totalRows === 0 ? <p className="p-4 text-sm text-gray-500">{t("views.gallery.empty")}</p> : null}
          <ul className="relative" style={{ height: rowsOfCards * (cardHeight + GAP) }}>
            {cards}
          </ul>
        </div>
      </div>
      {expanded ? (
        <ExpandedRow
          target={{ projectId, tableId: meta.id }}
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
