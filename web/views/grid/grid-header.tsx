import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GUTTER_WIDTH, HEADER_HEIGHT } from "./grid-constants";
import type { GridFieldView } from "./grid-field";
import { HeaderCell, type HeaderActions } from "./header-cell";
import type { ColumnLayout } from "./logic/column-layout";

interface GridHeaderProps {
  fields: readonly GridFieldView[];
  layout: ColumnLayout;
  colFirst: number;
  colLast: number;
  actions: HeaderActions;
}

/** The sticky header row, windowed like the body. */
export const GridHeader = memo(function GridHeader({ fields, layout, colFirst, colLast, actions }: GridHeaderProps) {
  const { t } = useTranslation();
  const cells: ReactNode[] = [];
  for (let c = colFirst; c <= colLast; c++)
    cells.push(<HeaderCell key={fields[c]!.column.id} field={fields[c]!} index={c} actions={actions} />);
  const spacer = colFirst > 1 ? layout.lefts[colFirst]! - layout.lefts[1]! : 0;
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-20 flex"
      style={{ width: layout.total, height: HEADER_HEIGHT }}
    >
      <div
        role="columnheader"
        aria-colindex={1}
        className="sticky start-0 z-10 flex shrink-0 items-center border-b border-e border-gray-200 bg-gray-50 px-2 text-xs text-gray-400"
        style={{ width: GUTTER_WIDTH }}
      >
        {t("grid.rowNumber")}
      </div>
      {fields[0] ? <HeaderCell field={fields[0]} index={0} actions={actions} /> : null}
      {spacer > 0 ? (
        <div aria-hidden="true" className="shrink-0 border-b border-gray-200 bg-gray-50" style={{ width: spacer }} />
      ) : null}
      {cells}
      <div aria-hidden="true" className="flex-1 border-b border-gray-200 bg-gray-50" />
    </div>
  );
});
