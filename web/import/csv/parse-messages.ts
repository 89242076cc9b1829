/**
 * The CSV parse messages of SPEC 8, as papaparse and csv-stream.ts word them, with the locale key
 * each one is shown through. Other messages (field types, the server) are data and shown as sent.
 */
export const PARSE_MESSAGE_KEYS = {
  "Quoted field unterminated": "import.parse.quotedFieldUnterminated",
  "Trailing quote on quoted field is malformed": "import.parse.trailingQuoteMalformed",
  "Unable to auto-detect delimiting character; defaulted to ','": "import.parse.undetectableDelimiter",
  "Too many fields": "import.parse.tooManyFields",
  "Too few fields": "import.parse.tooFewFields",
} as const;

export type ParseMessageKey = (typeof PARSE_MESSAGE_KEYS)[keyof typeof PARSE_MESSAGE_KEYS];

export function parseMessageKey(message: string): ParseMessageKey | null {
  return Object.hasOwn(PARSE_MESSAGE_KEYS, message)
    ? PARSE_MESSAGE_KEYS[message as keyof typeof PARSE_MESSAGE_KEYS]
    : null;
}
