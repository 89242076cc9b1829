import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";

/** One line of free text, stored exactly as typed (no trimming). */
export const SingleLineTextField = textType({
  uidt: "SingleLineText",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
});
