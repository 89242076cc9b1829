/**
 * Values that are spelled as in English and are nonetheless the right word in that language
 * (reviewed one by one: "Status" and "Filter" in German, "Date" and "Type" in French...; product
 * names such as libSQL and Turso, and loanwords such as Webhooks, Host and Port in their languages). The
 * completeness test accepts a value equal to English only when it is listed here for its language,
 * is only brand names and codes, or belongs to a key whose text is code (CODE_KEYS).
 */
export const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  bn_IN: ["libSQL / Turso URL"],
  da: ["Status", "System", "Relation", "Sum", "Link {{label}}", "Type", "Download CSV", "Download Excel (.xlsx)", "Live", "Port", "Database", "Webhooks · {{title}}", "Timeout (ms)", "Test webhook", "test", "Logo"],
  de: ["(optional)", "Name", "Status", "System", "Option {{n}}", "Rollup", "Text", "Live", "Filter", "Host", "Port", "Webhooks · {{title}}", "Logo"],
  es: ["General", "Editor", "Decimal", "Webhooks · {{title}}", "Personal"],
  fi: ["Logo"],
  fr: ["Actions", "Tables", "Page {{page}}", "Options", "Option {{n}}", "Date", "Relation", "Type", "Port", "Service", "Webhooks · {{title}}", "Notification", "test", "Collaborative", "Logo"],
  hi: ["libSQL / Turso URL"],
  hr: ["Status", "Formula", "test"],
  id: ["Email", "Status", "Editor", "Super admin", "Spreadsheet", "Sheet", "Filter", "Host", "Port", "Database", "Logo"],
  it: ["Account", "Email", "Password", "Editor", "Formula", "Record {{title}}", "Host", "Database", "Timeout (ms)", "Logo"],
  ko: ["libSQL / Turso URL"],
  lv: ["Formula", "libSQL / Turso URL"],
  nl: ["Account", "Project", "Status", "Spreadsheet", "Type", "Live", "{{count}} records", "Filter", "{{count}} filters", "is null", "Record {{title}}", "Host", "Database", "Extra parameters", "Webhooks · {{title}}", "Headers", "test", "Week", "Logo"],
  no: ["Status", "System", "Sum", "Type", "Filter", "Port", "Database", "Webhooks · {{title}}", "Test webhook", "test", "Logo"],
  pl: ["Import", "Host", "Port", "Status", "test", "Logo"],
  pt: ["Editor", "Decimal", "Webhooks · {{title}}"],
  pt_BR: ["Status", "Editor", "Decimal", "Host", "Webhooks · {{title}}"],
  sl: ["Formula"],
  sv: ["Status", "System", "Relation", "text", "Text", "Live", "Filter", "Port", "Webhooks · {{title}}", "Headers", "test"],
  tr: ["Form", "test", "Logo"],
  vi: ["Email"],
  "zh-Hans": ["libSQL / Turso URL"],
  "zh-Hant": ["libSQL / Turso URL"],
};

/** Keys whose English text is code or an example value (a URL, an address, a formula, an SQL type). */
export const CODE_KEYS: ReadonlySet<string> = new Set([
  "auth.placeholders.email",
  "fields.options.dbTypePlaceholder",
  "links.formula.placeholder",
  "import.source.urlPlaceholder",
]);
