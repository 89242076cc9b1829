/** The visual half of every field type, by name: a mapped record, so a missing type fails to compile. */
import type { UIType } from "../../db/fields/types";
import type { FieldUi } from "./types";
import { AttachmentUi } from "./Attachment";
import { CheckboxUi } from "./Checkbox";
import { CreateTimeUi } from "./CreateTime";
import { CreatedByUi } from "./CreatedBy";
import { CurrencyUi } from "./Currency";
import { DateUi } from "./Date";
import { DateTimeUi } from "./DateTime";
import { DecimalUi } from "./Decimal";
import { DurationUi } from "./Duration";
import { EmailUi } from "./Email";
import { ForeignKeyUi } from "./ForeignKey";
import { FormulaUi } from "./Formula";
import { GeometryUi } from "./Geometry";
import { IDUi } from "./ID";
import { JSONUi } from "./JSON";
import { LastModifiedByUi } from "./LastModifiedBy";
import { LinkToAnotherRecordUi } from "./LinkToAnotherRecord";
import { LongTextUi } from "./LongText";
import { LookupUi } from "./Lookup";
import { MultiSelectUi } from "./MultiSelect";
import { NumberUi } from "./Number";
import { PercentUi } from "./Percent";
import { PhoneNumberUi } from "./PhoneNumber";
import { RatingUi } from "./Rating";
import { RollupUi } from "./Rollup";
import { SingleLineTextUi } from "./SingleLineText";
import { SingleSelectUi } from "./SingleSelect";
import { SpecificDBTypeUi } from "./SpecificDBType";
import { TimeUi } from "./Time";
import { URLUi } from "./URL";
import { YearUi } from "./Year";

export const FIELD_UI: { [K in UIType]: FieldUi } = {
  LinkToAnotherRecord: LinkToAnotherRecordUi,
  Lookup: LookupUi,
  SingleLineText: SingleLineTextUi,
  LongText: LongTextUi,
  Attachment: AttachmentUi,
  Checkbox: CheckboxUi,
  MultiSelect: MultiSelectUi,
  SingleSelect: SingleSelectUi,
  Date: DateUi,
  Year: YearUi,
  Time: TimeUi,
  PhoneNumber: PhoneNumberUi,
  Email: EmailUi,
  URL: URLUi,
  Number: NumberUi,
  Decimal: DecimalUi,
  Currency: CurrencyUi,
  Percent: PercentUi,
  Duration: DurationUi,
  Rating: RatingUi,
  Formula: FormulaUi,
  Rollup: RollupUi,
  DateTime: DateTimeUi,
  Geometry: GeometryUi,
  JSON: JSONUi,
  SpecificDBType: SpecificDBTypeUi,
  CreateTime: CreateTimeUi,
  CreatedBy: CreatedByUi,
  LastModifiedBy: LastModifiedByUi,
  ID: IDUi,
  ForeignKey: ForeignKeyUi,
};
