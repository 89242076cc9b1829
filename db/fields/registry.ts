/** Every field type by name (DESIGN.md principle 1): a mapped record, so a missing type fails to compile. */
import { AttachmentField } from "./Attachment";
import { CheckboxField } from "./Checkbox";
import { CreateTimeField } from "./CreateTime";
import { CreatedByField } from "./CreatedBy";
import { CurrencyField } from "./Currency";
import { DateField } from "./Date";
import { DateTimeField } from "./DateTime";
import { DecimalField } from "./Decimal";
import { DurationField } from "./Duration";
import { EmailField } from "./Email";
import { ForeignKeyField } from "./ForeignKey";
import { FormulaField } from "./Formula";
import { GeometryField } from "./Geometry";
import { IDField } from "./ID";
import { JSONField } from "./JSON";
import { LastModifiedByField } from "./LastModifiedBy";
import { LinkToAnotherRecordField } from "./LinkToAnotherRecord";
import { LongTextField } from "./LongText";
import { LookupField } from "./Lookup";
import { MultiSelectField } from "./MultiSelect";
import { NumberField } from "./Number";
import { PercentField } from "./Percent";
import { PhoneNumberField } from "./PhoneNumber";
import { RatingField } from "./Rating";
import { RollupField } from "./Rollup";
import { SingleLineTextField } from "./SingleLineText";
import { SingleSelectField } from "./SingleSelect";
import { SpecificDBTypeField } from "./SpecificDBType";
import { TimeField } from "./Time";
import { URLField } from "./URL";
import { YearField } from "./Year";
import { fail, ok } from "./common/result";
import {
  UI_TYPES,
  type FieldContext,
  type FieldType,
  type Result,
  type UIType,
  type ViewUse,
  type VirtualUIType,
} from "./types";

/** Options differ per type; callers get them from parseOptions, so the record erases them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFieldType = FieldType<any>;

export const FIELD_TYPES: { [K in UIType]: AnyFieldType } = {
  LinkToAnotherRecord: LinkToAnotherRecordField,
  Lookup: LookupField,
  SingleLineText: SingleLineTextField,
  LongText: LongTextField,
  Attachment: AttachmentField,
  Checkbox: CheckboxField,
  MultiSelect: MultiSelectField,
  SingleSelect: SingleSelectField,
  Date: DateField,
  Year: YearField,
  Time: TimeField,
  PhoneNumber: PhoneNumberField,
  Email: EmailField,
  URL: URLField,
  Number: NumberField,
  Decimal: DecimalField,
  Currency: CurrencyField,
  Percent: PercentField,
  Duration: DurationField,
  Rating: RatingField,
  Formula: FormulaField,
  Rollup: RollupField,
  DateTime: DateTimeField,
  Geometry: GeometryField,
  JSON: JSONField,
  SpecificDBType: SpecificDBTypeField,
  CreateTime: CreateTimeField,
  CreatedBy: CreatedByField,
  LastModifiedBy: LastModifiedByField,
  ID: IDField,
  ForeignKey: ForeignKeyField,
};

export function isUIType(uidt: unknown): uidt is UIType {
  return typeof uidt === "string" && (UI_TYPES as readonly string[]).includes(uidt);
}

/** The type a client's name stands for: a type's own name or one of its `aliases` (NocoDB v2's `Links`). */
export function typeNamed(name: unknown): UIType | undefined {
  if (isUIType(name)) return name;
  if (typeof name !== "string") return undefined;
  return (Object.values(FIELD_TYPES) as AnyFieldType[]).find((t) => t.aliases?.includes(name))?.uidt;
}

/** The type module of a uidt; undefined for a name that is not a type (e.g. from old meta). */
export function fieldType(uidt: UIType): AnyFieldType;
export function fieldType(uidt: string): AnyFieldType | undefined;
export function fieldType(uidt: string): AnyFieldType | undefined {
  return isUIType(uidt) ? FIELD_TYPES[uidt] : undefined;
}

/** Links, lookups, rollups and formulas have no physical column. */
export function isVirtual(uidt: string): uidt is VirtualUIType {
  return fieldType(uidt)?.virtual ?? false;
}

/**
 * A column's settings (`meta` merged with `colOptions`; null counts as none) checked by its type's
 * schema, with defaults applied. Rule messages (select options) come back as they are; other
 * problems name the type and the option.
 */
export function parseOptions(uidt: string, metaAndColOptions: unknown): Result<Record<string, unknown>> {
  const type = fieldType(uidt);
  if (!type) return fail(`${uidt} is not a field type`);
  const parsed = type.options.safeParse(metaAndColOptions ?? {});
  if (parsed.success) return ok(parsed.data as Record<string, unknown>);
  const issue = parsed.error.issues[0];
  if (!issue) return fail(`Invalid ${uidt} options`);
  if (issue.code === "custom") return fail(issue.message);
  const where = issue.path.length > 0 ? `option "${issue.path.join(".")}"` : "options";
  return fail(`Invalid ${uidt} ${where}: ${issue.message}`);
}

/** The context a type's functions take, from a column's title and raw settings. */
export function fieldContext(
  uidt: string,
  title: string,
  metaAndColOptions: unknown,
): Result<FieldContext<Record<string, unknown>>> {
  const options = parseOptions(uidt, metaAndColOptions);
  return options.ok ? ok({ title, options: options.value }) : options;
}

/** Whether a column of this type can serve a view in this role (FieldType.viewUses). */
export function servesView(uidt: string, use: ViewUse): boolean {
  return fieldType(uidt)?.viewUses?.includes(use) ?? false;
}

/** Whether a grid may group its records by a column of this type (FieldType.groupable). */
export function canGroupBy(uidt: string): boolean {
  const t = fieldType(uidt);
  return !!t && !t.virtual && !t.hidden && t.groupable !== false;
}

/**
 * The filter operators that select one group's value exactly: `eq`, except on types holding an
 * instant, whose `eq` compares the day (db/query/date-ops.ts): there the value is both bounds.
 */
export function groupMatchOps(uidt: string): ReadonlyArray<"eq" | "gte" | "lte"> {
  return fieldType(uidt)?.kind === "datetime" ? ["gte", "lte"] : ["eq"];
}

/** Types a user may pick in the field editor, in SPEC 3 order: all but the system's own (FieldType.systemOnly). */
export const PICKABLE_TYPES: readonly UIType[] = UI_TYPES.filter((u) => !FIELD_TYPES[u].systemOnly);

/**
 * Types an import may create and fill: the pickable stored (not computed) ones, except the person
 * types, which hold only what the server stamps (an imported column of them would stay empty).
 */
export const IMPORT_TYPES: readonly UIType[] = PICKABLE_TYPES.filter(
  (u) => !FIELD_TYPES[u].virtual && !FIELD_TYPES[u].writtenBy,
);

/** A link to records of another table (FieldType.link). */
export function isLink(uidt: string): boolean {
  return fieldType(uidt)?.link === true;
}

/** A formula: its settings are formula text (FieldType.computed.formula). */
export function isFormula(uidt: string): boolean {
  return fieldType(uidt)?.computed?.formula === true;
}

/** Never listed where fields are picked or shown: a link's key (FieldType.hidden). */
export function isHidden(uidt: string): boolean {
  return fieldType(uidt)?.hidden === true;
}

/** The table's key or a link's key column (FieldType.key); undefined for other types. */
export function keyOf(uidt: string): "primary" | "foreign" | undefined {
  return fieldType(uidt)?.key;
}
