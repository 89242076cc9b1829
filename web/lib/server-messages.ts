/**
 * Server messages as the web shows them. The API keeps NocoDB's exact texts for its clients
 * (API-CONTRACT 1.4, e.g. "Password : At least 8 letters. "); people get them tidied:
 * - a known contract sentence is replaced by its message key (translated, and accurate);
 * - otherwise no space before ":" or end punctuation, single spaces, no space at the ends.
 */
const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Password\s*:\s*At least 8 letters\.?\s*$/i, "msg.error.passwordTooShort"],
  [/^User already exist$/i, "msg.error.userExists"],
];

export function serverMessageKey(text: string): string | null {
  return KNOWN.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function tidyServerText(text: string): string {
  return text
    .replace(/\s+([:.,;!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The text to show for a server message: its translation when known, else the tidied text. */
export function serverText(text: string, translate: (key: string) => string): string {
  const key = serverMessageKey(text);
  return key ? translate(key) : tidyServerText(text);
}
