import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";
import { isPhoneNumber } from "./common/text-formats";

export { isPhoneNumber } from "./common/text-formats";

export const PhoneNumberField = textType({
  uidt: "PhoneNumber",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
  trim: true,
  check: (text, ctx) => (isPhoneNumber(text) ? null : `${ctx.title}: ${show(text)} is not a valid phone number`),
});
