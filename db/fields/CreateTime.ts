import { dateTimeType } from "./common/datetime";

/** The row's creation instant; the server sets it, the codec is DateTime's. */
export const CreateTimeField = dateTimeType("CreateTime", true);
