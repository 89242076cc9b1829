/**
 * A question's rules in the builder (db/views/form/rules.ts): when it shows, what its answer must
 * be (per the kind of value its type holds), how a prefilled answer behaves, and whether it starts
 * a new page. Every change is saved into the form column's `meta`, keeping its other keys.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldType, isLink } from "../../../db/fields/registry";
import { rulesOf, type FieldValidation } from "../../../db/views/form/rules";
import type { Column } from "../../api/types";
import type { LogicalOp } from "../../api/view-types";
import { Switch } from "../../components/ui/switch";
import type { FilterNode } from "../grid/logic/filters";
import { ConditionEditor, groupOf, nodesOf } from "./condition-editor";
import type { Question } from "./form-fields";

const input =
  "w-full rounded-md border border-gray-300 px-2 py-1 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 disabled:bg-gray-50";

interface Props {
  q: Question;
  /** Questions before this one that a condition may read (links are set after the record, so they are left out). */
  earlier: readonly Column[];
  editable: boolean;
  onSave(meta: Record<string, unknown>): Promise<void>;
}

export function QuestionRules({ q, earlier, editable, onSave }: Props) {
  const { t } = useTranslation();
  const rules = rulesOf(q.fc.meta);
  const kind = fieldType(q.column.uidt)?.kind ?? "text";
  // Kinds validate.ts has rules for (a link holds records, not text).
  const validates =
    ["number", "date", "datetime", "attachment"].includes(kind) || (kind === "text" && !isLink(q.column.uidt));
  const initial = nodesOf(rules.visibility);
  const [op, setOp] = useState<LogicalOp>(initial.op);
  const [nodes, setNodes] = useState<FilterNode[]>(initial.nodes);
  const [v, setV] = useState<FieldValidation>(rules.validation);
  const saved = useRef(JSON.stringify(rules.visibility));
  // The latest meta, so a delayed save (conditions) keeps keys another change wrote meanwhile.
  const latest = useRef(q.fc.meta);
  latest.current = q.fc.meta;
  // Every key this panel wrote, and its saves one after another: a click right after typing (the
  // blur saves the message, the click the lock) must not send the message's old value second.
  const edits = useRef<Record<string, unknown>>({});
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = (patch: Record<string, unknown>) => {
    Object.assign(edits.current, patch);
    const run = queue.current.then(() => onSave({ ...(latest.current ?? {}), ...edits.current }));
    queue.current = run.catch(() => undefined);
    return run;
  };

  // Conditions save once they change what they mean (half-written rows are not saved).
  useEffect(() => {
    const group = groupOf(op, nodes, earlier);
    const text = JSON.stringify(group);
    if (text === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = text;
      void save({ visibility: group });
    }, 400);
    return () => clearTimeout(timer);
  }, [op, nodes]);

  const saveValidation = (next: FieldValidation) =>
    JSON.stringify(next) !== JSON.stringify(rules.validation) && void save({ validation: next });
  const field = (key: keyof FieldValidation, label: string, type: "number" | "date" | "text") => (
    <label className="flex flex-col gap-0.5 text-xs text-gray-600">
      {label}
      <input
        className={input}
        type={type}
        disabled={!editable}
        value={v[key] === null || v[key] === undefined ? "" : String(v[key])}
        onChange={(e) =>
          setV({
            ...v,
            [key]: e.target.value === "" ? null : type === "number" ? Number(e.target.value) : e.target.value,
          })
        }
        onBlur={() => saveValidation(v)}
      />
    </label>
  );

  return (
    <div className="flex flex-col gap-3 border-t border-gray-100 pt-2" data-testid="question-rules">
      <section className="flex flex-col gap-1">
        <h4 className="text-xs font-semibold text-gray-700">{t("views.form.rules.showWhen")}</h4>
        <ConditionEditor
          op={op}
          nodes={nodes}
          columns={earlier}
          disabled={!editable}
          onChange={(o, n) => (setOp(o), setNodes(n))}
        />
      </section>
      {validates ? (
        <section className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold text-gray-700">{t("views.form.rules.validation")}</h4>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {kind === "number" ? (
              <>
                {field("min", t("views.form.rules.min"), "number")}
                {field("max", t("views.form.rules.max"), "number")}
              </>
            ) : kind === "date" || kind === "datetime" ? (
              <>
                {field("min", t("views.form.rules.minDate"), "date")}
                {field("max", t("views.form.rules.maxDate"), "date")}
              </>
            ) : kind === "text" && !isLink(q.column.uidt) ? (
              <>
                {field("min", t("views.form.rules.minLength"), "number")}
                {field("max", t("views.form.rules.maxLength"), "number")}
                <div className="sm:col-span-2">{field("pattern", t("views.form.rules.pattern"), "text")}</div>
              </>
            ) : kind === "attachment" ? (
              <>
                <label className="flex flex-col gap-0.5 text-xs text-gray-600 sm:col-span-2">
                  {t("views.form.rules.fileTypes")}
                  <input
                    className={input}
                    disabled={!editable}
                    value={(v.fileTypes ?? []).join(", ")}
                    onChange={(e) =>
                      setV({
                        ...v,
                        fileTypes: e.target.value
                          .split(",")
                          .map((x) => x.trim())
                          .filter(Boolean),
                      })
                    }
                    onBlur={() => saveValidation(v)}
                  />
                </label>
                {field("maxFileMB", t("views.form.rules.maxFileMB"), "number")}
                {field("maxFiles", t("views.form.rules.maxFiles"), "number")}
              </>
            ) : null}
            <div className="sm:col-span-2">{field("message", t("views.form.rules.message"), "text")}</div>
          </div>
        </section>
      ) : null}
      <section className="flex flex-col gap-1.5">
        <h4 className="text-xs font-semibold text-gray-700">{t("views.form.rules.prefill")}</h4>
        <Switch
          label={t("views.form.rules.hidePrefilled")}
          checked={rules.prefill.hide}
          disabled={!editable}
          onChange={(hide) => void save({ prefill: { ...rules.prefill, hide } })}
        />
        <Switch
          label={t("views.form.rules.lockPrefilled")}
          checked={rules.prefill.lock}
          disabled={!editable}
          onChange={(lock) => void save({ prefill: { ...rules.prefill, lock } })}
        />
      </section>
      <Switch
        label={t("views.form.rules.pageBreak")}
        checked={rules.pageBreak}
        disabled={!editable}
        onChange={(pageBreak) => void save({ pageBreak })}
      />
    </div>
  );
}
