import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";

interface GridSearchProps {
  columns: readonly Column[];
  columnId: string | null;
  /** The search in force: cleared from outside (the empty grid's "Clear search"), the box empties too. */
  query: string;
  onSearch(search: { columnId: string | null; query: string }): void;
}

/** Search one field (SPEC 7: like for text fields, eq for others), 300 ms after typing stops. */
export function GridSearch({ columns, columnId, query, onSearch }: GridSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const placeholder = t("grid.search.placeholder");
  const current = columns.find((c) => c.id === columnId) ?? columns.find((c) => c.pv) ?? columns[0];
  useEffect(() => {
    if (query === "") setText("");
  }, [query]);
  useEffect(() => {
    const timer = setTimeout(() => onSearch({ columnId: current?.id ?? null, query: text }), 300);
    return () => clearTimeout(timer);
  }, [text, current?.id, onSearch]);
  return (
    <div className="flex min-w-0 max-w-full items-center rounded-md border border-gray-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
      <select
        aria-label={t("grid.search.field")}
        className="max-w-32 truncate rounded-s-md border-e border-gray-200 bg-gray-50 px-2 py-1.5 text-xs text-gray-700 outline-none"
        value={current?.id ?? ""}
        onChange={(e) => onSearch({ columnId: e.target.value, query: text })}
      >
        {columns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <Search aria-hidden="true" className="ms-2 size-4 text-gray-400" />
      {/* As wide as its placeholder in the reader's language ("Rechercher des enregistrements"), at least the English one. */}
      <input
        type="search"
        aria-label={t("grid.search.label", { title: current?.title ?? "" })}
        placeholder={placeholder}
        size={Math.max(16, placeholder.length)}
        className="min-w-0 bg-transparent px-2 py-1.5 text-sm outline-none"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
