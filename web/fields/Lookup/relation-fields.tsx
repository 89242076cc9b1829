/** The two choices lookups and rollups share: a link of this table, then a field of the linked table. */
import { useTranslation } from "react-i18next";
import type { Column, TableMeta } from "../../api/types";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField } from "../../components/ui/select-field";
import { relatedTableOf } from "../../links/link-values";
import { useRelatedMeta } from "../../links/use-related-meta";
import { linkColumns, targetColumns } from "../../links/computed-field-settings";

export type FieldKey = "fk_lookup_column_id" | "fk_rollup_column_id";

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function useRelationChoice(table: TableMeta | undefined, options: Record<string, unknown>, fieldKey: FieldKey) {
  const links = table ? linkColumns(table) : [];
  const link = links.find((c) => c.id === text(options.fk_relation_column_id));
  const related = useRelatedMeta(link ? relatedTableOf(link) : null);
  const targets = related.data ? targetColumns(related.data) : [];
  const target = targets.find((c) => c.id === text(options[fieldKey]));
  return { links, link, related, targets, target };
}

interface RelationFieldsProps {
  choice: ReturnType<typeof useRelationChoice>;
  fieldKey: FieldKey;
  options: Record<string, unknown>;
  fixed: boolean;
  onChange(next: Record<string, unknown>): void;
  /** A new field was chosen (rollups fit their function to it). */
  onField?(target: Column, next: Record<string, unknown>): Record<string, unknown>;
}

export function RelationFields({ choice, fieldKey, options, fixed, onChange, onField }: RelationFieldsProps) {
  const { t } = useTranslation();
  const { links, link, related, targets } = choice;
  if (links.length === 0)
    return <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-600">{t("links.editor.noLinks")}</p>;
  const linkChoices = [
    { value: "", label: t("links.editor.chooseLink") },
    ...links.map((c) => ({ value: c.id, label: c.title })),
  ];
  const fieldChoices = [
    { value: "", label: t("links.editor.chooseField") },
    ...targets.map((c) => ({ value: c.id, label: `${c.title} (${t(`fields.types.${c.uidt}`)})` })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <SelectField
        label={t("links.editor.link")}
        value={link?.id ?? ""}
        choices={linkChoices}
        disabled={fixed}
        onValueChange={(v) => onChange({ ...options, fk_relation_column_id: v, [fieldKey]: "" })}
      />
      {link ? (
        <SelectField
          label={t("links.editor.field", { table: related.data?.title ?? "" })}
          value={text(options[fieldKey])}
          choices={fieldChoices}
          disabled={fixed || !related.data}
          onValueChange={(v) => {
            const next = { ...options, [fieldKey]: v };
            const target = targets.find((c) => c.id === v);
            onChange(target && onField ? onField(target, next) : next);
          }}
        />
      ) : null}
      <FormAlert tone="error" message={related.isError ? t("links.picker.loadError") : null} />
      {fixed ? <p className="text-xs text-gray-500">{t("links.editor.fixed")}</p> : null}
    </div>
  );
}
