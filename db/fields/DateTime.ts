import { dateTimeType } from "./common/datetime";

export const DateTimeField = dateTimeType("DateTime");
