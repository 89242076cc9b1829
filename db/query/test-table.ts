/** A table with one column of every physical field type, for the compiler's unit tests. */
import { FIELD_TYPES, parseOptions } from "../fields/registry";
import type { UIType } from "../fields/types";
import type { QueryColumn, QueryTable } from "./types";

const OPTIONS: Partial<Record<UIType, Record<string, unknown>>> = {
  SingleSelect: { options: [{ title: "Alpha" }, { title: "Beta" }] },
  MultiSelect: { options: [{ title: "Alpha" }, { title: "Beta" }] },
  LinkToAnotherRecord: {
    type: "hm",
    fk_related_model_id: "md_x",
    fk_child_column_id: "cl_x",
    fk_parent_column_id: "cl_y",
  },
};

/** A value each type's parseText accepts. */
export const SAMPLE: Partial<Record<UIType, string>> = {
  SingleLineText: "abc",
  LongText: "abc",
  Email: "a@b.co",
  URL: "https://x.test",
  PhoneNumber: "+1 555 0100",
  Geometry: "POINT(1 2)",
  SpecificDBType: "abc",
  Number: "5",
  ID: "5",
  ForeignKey: "5",
  Decimal: "1.5",
  Currency: "2.5",
  Percent: "45",
  Duration: "1:30",
  Rating: "3",
  Year: "2024",
  Checkbox: "true",
  SingleSelect: "Alpha",
  MultiSelect: "Alpha,Beta",
  Date: "2024-03-15",
  DateTime: "2024-03-15 10:00",
  CreateTime: "2024-03-15 10:00",
  Time: "10:30",
  JSON: '{"a":1}',
  Attachment: "xyzzy",
  CreatedBy: "us_sample",
  LastModifiedBy: "us_sample",
};

export const PHYSICAL = (Object.keys(FIELD_TYPES) as UIType[]).filter((t) => !FIELD_TYPES[t].virtual);

export function col(title: string, uidt: UIType, extra: Partial<QueryColumn> = {}): QueryColumn {
  const parsed = parseOptions(uidt, OPTIONS[uidt] ?? {});
  if (!parsed.ok) throw new Error(parsed.error);
  return { id: `cl_${title}`, title, columnName: title.toLowerCase(), uidt, options: parsed.value, ...extra };
}

export const EVERY_TYPE: QueryTable = {
  tableName: "every",
  columns: PHYSICAL.map((uidt) => col(uidt, uidt, FIELD_TYPES[uidt].key === "primary" ? { pk: true } : {})),
};
