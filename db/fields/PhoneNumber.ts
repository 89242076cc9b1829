import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";

/** Digits with an optional leading "+", grouped by spaces, dashes, dots or parentheses; 3 to 20 digits. */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 3 && digits <= 20;
}

export const PhoneNumberField = textType({
  uidt: "PhoneNumber",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
  trim: true,
  check: (text, ctx) => (isPhoneNumber(text) ? null : `${ctx.title}: ${show(text)} is not a valid phone number`),
});
