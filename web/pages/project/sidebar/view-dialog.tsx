import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { servesView } from "../../../../db/fields/registry";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { CreateViewBody, ViewKind } from "../../../api/view-kinds-api";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { Modal } from "../../../components/ui/modal";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { VIEW_KINDS } from "../../../views/view-kinds";
import { TimelineFields, pickBody, type TimelinePick } from "../../../views/timeline/timeline-fields";
import { useErrorText } from "../../auth/use-error-text";

interface ViewDialogProps {
  tableId: string;
  /** Titles of the table's views: a new title must differ (case-insensitive). */
  taken: readonly string[];
  /** Rename (or duplicate) keeps the kind and asks only for the title. */
  mode: { kind: "create" } | { kind: "rename" | "duplicate"; viewKind: ViewKind; title: string };
  pending: boolean;
  error: unknown;
  onSubmit(kind: ViewKind, body: CreateViewBody): void;
  onClose(): void;
}

function freeTitle(base: string, taken: readonly string[]) {
  const lower = new Set(taken.map((x) => x.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!lower.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

function ViewForm({ tableId, taken, mode, pending, error, onSubmit, onClose }: ViewDialogProps) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  const columns = table.data?.columns ?? [];
  const [kind, setKind] = useState<ViewKind>(mode.kind === "create" ? "grid" : mode.viewKind);
  const label = (k: ViewKind) => t(VIEW_KINDS.find((x) => x.kind === k)!.label);
  const initial =
    mode.kind === "rename"
      ? mode.title
      : mode.kind === "duplicate"
        ? freeTitle(t("views.copyOf", { title: mode.title }), taken)
        : freeTitle(label("grid"), taken);
  const [title, setTitle] = useState(initial);
  const [titleEdited, setTitleEdited] = useState(mode.kind !== "create");
  const stacks = columns.filter((c) => servesView(c.uidt, "stack"));
  const dates = columns.filter((c) => servesView(c.uidt, "calendar"));
  const [timeline, setTimeline] = useState<TimelinePick>({ start: "", length: "", lanes: "", deps: "" });
  const [stack, setStack] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const stackId = stack || stacks[0]?.id || "";
  const fromId = from || dates[0]?.id || "";
  const clash = taken.some(
    (x) => x.toLowerCase() === title.trim().toLowerCase() && !(mode.kind === "rename" && x === mode.title),
  );
  const problem =
    title.trim() === ""
      ? t("views.titleRequired")
      : clash
        ? t("views.titleTaken")
        : mode.kind === "create" && kind === "kanban" && !stackId
          ? t("views.needsStack")
          : mode.kind === "create" && (kind === "calendar" || kind === "timeline") && !fromId
            ? t("views.needsDate")
            : null;

  function pick(k: ViewKind) {
    setKind(k);
    if (!titleEdited) setTitle(freeTitle(label(k), taken));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (problem) return;
    const body: CreateViewBody = { title: title.trim() };
    if (kind === "kanban" && mode.kind === "create") body.fk_grp_col_id = stackId;
    if (kind === "calendar" && mode.kind === "create")
      body.calendar_range = [{ fk_from_column_id: fromId, fk_to_column_id: to || null }];
    if (kind === "timeline" && mode.kind === "create") Object.assign(body, pickBody({ ...timeline, start: fromId }));
    onSubmit(kind, body);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {mode.kind === "create" ? (
        <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-gray-700">{t("views.type")}</legend>
          {VIEW_KINDS.map((k) => (
            <label
              key={k.kind}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-2 py-2 text-sm ${kind === k.kind ? "border-primary bg-primary/5" : "border-gray-200"}`}
            >
              <input
                type="radio"
                name="view-kind"
                className="sr-only"
                checked={kind === k.kind}
                onChange={() => pick(k.kind)}
              />
              <k.icon aria-hidden="true" className={`size-4 ${k.color}`} />
              {t(k.label)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField
        label={t("views.title")}
        value={title}
        autoFocus
        maxLength={255}
        onValueChange={(v) => (setTitle(v), setTitleEdited(true))}
        error={title !== initial ? problem : null}
      />
      {mode.kind === "create" && kind === "kanban" ? (
        stacks.length ? (
          <SelectField
            label={t("views.stackField")}
            value={stackId}
            choices={stacks.map((c) => ({ value: c.id, label: c.title }))}
            onValueChange={setStack}
          />
        ) : (
          <p className="text-sm text-amber-700">{t("views.needsStack")}</p>
        )
      ) : null}
      {mode.kind === "create" && kind === "calendar" ? (
        dates.length ? (
          <>
            <SelectField
              label={t("views.dateField")}
              value={fromId}
              choices={dates.map((c) => ({ value: c.id, label: c.title }))}
              onValueChange={setFrom}
            />
            <SelectField
              label={t("views.endField")}
              value={to}
              choices={[
                { value: "", label: t("views.noEnd") },
                ...dates.filter((c) => c.id !== fromId).map((c) => ({ value: c.id, label: c.title })),
              ]}
              onValueChange={setTo}
            />
          </>
        ) : (
          <p className="text-sm text-amber-700">{t("views.needsDate")}</p>
        )
      ) : null}
      {mode.kind === "create" && kind === "timeline" ? (
        dates.length ? (
          <TimelineFields
            columns={columns}
            tableId={tableId}
            value={{ ...timeline, start: fromId }}
            onChange={(next) => (setTimeline(next), setFrom(next.start))}
          />
        ) : (
          <p className="text-sm text-amber-700">{t("views.needsDate")}</p>
        )
      ) : null}
      {error ? <FormAlert tone="error" message={errorOf(error) ?? ""} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={pending} disabled={Boolean(problem)}>
          {mode.kind === "rename"
            ? t("views.renameSubmit")
            : mode.kind === "duplicate"
              ? t("views.duplicateSubmit")
              : t("views.createSubmit")}
        </Button>
      </div>
    </form>
  );
}

/** Creating a view (type, title, and the field a kanban or calendar builds on), renaming or duplicating one. */
export function ViewDialog(props: ViewDialogProps & { open: boolean }) {
  const { t } = useTranslation();
  const heading =
    props.mode.kind === "rename"
      ? t("views.renameTitle")
      : props.mode.kind === "duplicate"
        ? t("views.duplicateTitle")
        : t("views.createTitle");
  return (
    <Modal open={props.open} onOpenChange={(o) => (o ? undefined : props.onClose())} title={heading}>
      {props.open ? <ViewForm {...props} /> : null}
    </Modal>
  );
}
