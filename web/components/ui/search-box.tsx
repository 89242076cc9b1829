import { Search } from "lucide-react";
import { useEffect, useState } from "react";

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** A search input; the label is its accessible name. */
export function SearchBox({
  label,
  value,
  onValueChange,
  className = "",
}: {
  label: string;
  value: string;
  onValueChange(v: string): void;
  className?: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-gray-400"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="w-full rounded-md border border-gray-300 bg-white py-2 ps-9 pe-3 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
      />
    </div>
  );
}
