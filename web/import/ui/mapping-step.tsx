import { useTranslation } from "react-i18next";
import type { TableMeta } from "../../api/types";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField } from "../../components/ui/select-field";
import type { SourcePreview } from "../protocol";
import { Notices } from "./notices";
import { duplicateTargets, mappableColumns, mappingProblem, type Mapping } from "./mapping";

interface MappingStepProps {
  preview: SourcePreview;
  table: TableMeta;
  sheet: number;
  onSheet(index: number): void;
  mapping: Mapping;
  onMapping(mapping: Mapping): void;
  onBack(): void;
  onStart(): void;
}

/** Step 2 for an existing table: each source column goes to one of the table's fields, or nowhere. */
export function MappingStep({ preview, table, sheet, onSheet, mapping, onMapping, onBack, onStart }: MappingStepProps) {
  const { t } = useTranslation();
  const source = preview.tables[sheet];
  const targets = mappableColumns(table.columns);
  const missing = mappingProblem(mapping, table.columns);
  const dup = duplicateTargets(mapping);
  const nothing = !mapping.some(Boolean);
  const choices = [
    { value: "", label: t("import.mapping.skip") },
    ...targets.map((c) => ({ value: c.title, label: c.title })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <Notices messages={preview.notices} />
      {preview.tables.length > 1 ? (
        <SelectField
          label={t("import.mapping.sheet")}
          value={String(sheet)}
          choices={preview.tables.map((s, i) => ({ value: String(i), label: s.ref }))}
          onValueChange={(v) => onSheet(Number(v))}
        />
      ) : null}
      {source && source.totalRows !== null ? (
        <p className="text-sm text-gray-500">{t("import.plan.rows", { count: source.totalRows })}</p>
      ) : null}
      <div className="max-h-80 overflow-auto">
        <table className="w-full text-start text-sm">
          <thead className="text-xs uppercase text-gray-500">
            <tr>
              <th className="pe-2 font-medium">{t("import.mapping.source")}</th>
              <th className="font-medium">{t("import.mapping.target")}</th>
            </tr>
          </thead>
          <tbody>
            {(source?.headers ?? []).map((header, i) => {
              const name = header.trim() || `field_${i + 1}`;
              const value = mapping[i] ?? "";
              return (
                <tr key={i} className="border-t border-gray-100">
                  <td className="py-2 pe-2 text-gray-800">{name}</td>
                  <td className="py-2">
                    <SelectField
                      label={t("import.mapping.targetFor", { header: name })}
                      hideLabel
                      value={value}
                      choices={choices}
                      onValueChange={(v) => onMapping(mapping.map((m, j) => (j === i ? v : m)))}
                    />
                    {value && dup.has(value) ? (
                      <p className="mt-1 text-xs text-red-600">{t("import.mapping.duplicate", { title: value })}</p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormAlert tone="error" message={missing} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t("import.plan.back")}
        </Button>
        <Button disabled={Boolean(missing) || dup.size > 0 || nothing} onClick={onStart}>
          {t("import.plan.submit")}
        </Button>
      </div>
    </div>
  );
}
