// The typed "Items" table the row and grid benchmarks fill: 8 columns of common types, with
// values that vary (so sorts, filters and searches have work to do) and repeat (so selects fit).
export const STATUSES = ["Todo", "Doing", "Review", "Done"];

export const ITEM_COLUMNS = [
  { title: "Name", uidt: "SingleLineText" },
  { title: "Email", uidt: "Email" },
  { title: "Points", uidt: "Number" },
  { title: "Price", uidt: "Decimal" },
  { title: "Done", uidt: "Checkbox" },
  { title: "Status", uidt: "SingleSelect", colOptions: { options: STATUSES.map((title) => ({ title })) } },
  { title: "Due", uidt: "Date" },
  { title: "Notes", uidt: "LongText" },
];

export const itemRow = (i) => ({
  Name: `item ${i} ${(i * 7919) % 10007}`,
  Email: `user${i}@example.com`,
  Points: (i * 31) % 1000,
  Price: Math.round(((i * 13) % 10000) * 1.5) / 100,
  Done: i % 3 === 0,
  Status: STATUSES[i % 4],
  Due: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
  Notes: `note for item ${i}`,
});
