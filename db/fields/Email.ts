import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";

/** The usual address pattern (SPEC 5): a local part, "@", and a domain with at least one dot. */
const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
export const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text) && !text.includes("..");
}

export const EmailField = textType({
  uidt: "Email",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
  trim: true,
  check: (text, ctx) => (isEmail(text) ? null : `${ctx.title}: ${show(text)} is not a valid e-mail address`),
});
