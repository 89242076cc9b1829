import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";

/** Multi-line text (meta may carry GUI flags such as richMode; they pass through). */
export const LongTextField = textType({
  index: "none",
  uidt: "LongText",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "longtext"),
});
