/**
 * The fields a timeline is built on, picked from the table's columns as the registry allows: a
 * start (Date/DateTime), an end (another date) or a duration (a number of days), lanes (a groupable
 * field) and dependencies (a link to the same table). Used by the "new view" dialog and by the
 * view's own settings.
 */
import { useTranslation } from "react-i18next";
import { canGroupBy, isLink, servesView } from "../../../db/fields/registry";
import type { Column } from "../../api/types";
import { SelectField } from "../../components/ui/select-field";

export interface TimelinePick {
  start: string;
  /** "" one day, "end:<id>" or "days:<id>". */
  length: string;
  lanes: string;
  deps: string;
}

/** The table a link column points at (its colOptions), or null. */
const linkTarget = (c: { colOptions?: unknown }) =>
  (c.colOptions as { fk_related_model_id?: string } | null | undefined)?.fk_related_model_id ?? null;

export const dateColumns = (columns: readonly Column[]) => columns.filter((c) => servesView(c.uidt, "calendar"));

/** The pick as the API's settings (an end and a duration exclude each other). */
export function pickBody(p: TimelinePick) {
  const [what, id] = p.length.split(":");
  return {
    fk_start_column_id: p.start,
    fk_end_column_id: what === "end" ? id! : null,
    fk_duration_column_id: what === "days" ? id! : null,
    fk_group_column_id: p.lanes || null,
    fk_dependency_column_id: p.deps || null,
  };
}

export function TimelineFields({
  columns,
  tableId,
  value,
  onChange,
}: {
  columns: readonly Column[];
  tableId: string;
  value: TimelinePick;
  onChange(next: TimelinePick): void;
}) {
  const { t } = useTranslation();
  const dates = dateColumns(columns);
  const numbers = columns.filter((c) => servesView(c.uidt, "duration"));
  const groupables = columns.filter((c) => canGroupBy(c.uidt));
  const selfLinks = columns.filter((c) => isLink(c.uidt) && linkTarget(c) === tableId);
  const set = (k: keyof TimelinePick) => (v: string) => onChange({ ...value, [k]: v });
  return (
    <>
      <SelectField
        label={t("views.timeline.startField")}
        value={value.start}
        choices={dates.map((c) => ({ value: c.id, label: c.title }))}
        onValueChange={set("start")}
      />
      <SelectField
        label={t("views.timeline.lengthField")}
        value={value.length}
        choices={[
          { value: "", label: t("views.timeline.oneDay") },
          ...dates
            .filter((c) => c.id !== value.start)
            .map((c) => ({ value: `end:${c.id}`, label: t("views.timeline.endsAt", { title: c.title }) })),
          ...numbers.map((c) => ({ value: `days:${c.id}`, label: t("views.timeline.lastsDays", { title: c.title }) })),
        ]}
        onValueChange={set("length")}
      />
      <SelectField
        label={t("views.timeline.groupField")}
        value={value.lanes}
        choices={[
          { value: "", label: t("views.timeline.noLanes") },
          ...groupables.map((c) => ({ value: c.id, label: c.title })),
        ]}
        onValueChange={set("lanes")}
      />
      {selfLinks.length ? (
        <SelectField
          label={t("views.timeline.dependencyField")}
          value={value.deps}
          choices={[
            { value: "", label: t("views.timeline.noDependencies") },
            ...selfLinks.map((c) => ({ value: c.id, label: c.title })),
          ]}
          onValueChange={set("deps")}
        />
      ) : null}
    </>
  );
}
