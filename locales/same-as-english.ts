/**
 * Values that are spelled as in English and are nonetheless the right word in that language
 * (reviewed one by one: "Status" and "Filter" in German, "Date" and "Type" in French...). The
 * completeness test accepts a value equal to English only when it is listed here for its language,
 * is only brand names and codes, or belongs to a key whose text is code (CODE_KEYS).
 */
export const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  da: ["Status", "System", "Relation", "Sum", "Link {{label}}", "Type", "Download CSV", "Download Excel (.xlsx)", "Live"],
  de: ["(optional)", "Name", "Status", "System", "Option {{n}}", "Rollup", "Text", "Live", "Filter"],
  es: ["General", "Editor", "Decimal"],
  fr: ["Actions", "Tables", "Page {{page}}", "Options", "Option {{n}}", "Date", "Relation", "Type"],
  hr: ["Status", "Formula"],
  id: ["Email", "Status", "Editor", "Super admin", "Spreadsheet", "Sheet", "Filter"],
  it: ["Account", "Email", "Password", "Editor", "Formula", "Record {{title}}"],
  lv: ["Formula"],
  nl: ["Account", "Project", "Status", "Spreadsheet", "Type", "Live", "{{count}} records", "Filter", "{{count}} filters", "is null", "Record {{title}}"],
  no: ["Status", "System", "Sum", "Type", "Filter"],
  pl: ["Import"],
  pt: ["Editor", "Decimal"],
  pt_BR: ["Status", "Editor", "Decimal"],
  sl: ["Formula"],
  sv: ["Status", "System", "Relation", "text", "Text", "Live", "Filter"],
  tr: ["Form"],
  vi: ["Email"],
};

/** Keys whose English text is code or an example value (a URL, an address, a formula, an SQL type). */
export const CODE_KEYS: ReadonlySet<string> = new Set([
  "auth.placeholders.email",
  "fields.options.dbTypePlaceholder",
  "links.formula.placeholder",
  "import.source.urlPlaceholder",
]);
