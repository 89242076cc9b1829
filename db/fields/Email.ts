import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";
import { isEmail } from "./common/text-formats";

export { EMAIL_PATTERN, isEmail } from "./common/text-formats";

export const EmailField = textType({
  uidt: "Email",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
  trim: true,
  check: (text, ctx) => (isEmail(text) ? null : `${ctx.title}: ${show(text)} is not a valid e-mail address`),
});
