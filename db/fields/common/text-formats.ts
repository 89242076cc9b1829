/**
 * The formats of e-mail and phone cells, apart from their field types so that the visitor's shared
 * form (form-formats.ts) checks answers by the same rules without loading the registry.
 */
/** The usual address pattern (SPEC 5): a local part, "@", and a domain with at least one dot. */
const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
export const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text) && !text.includes("..");
}

/** Digits with an optional leading "+", grouped by spaces, dashes, dots or parentheses; 3 to 20 digits. */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 3 && digits <= 20;
}
