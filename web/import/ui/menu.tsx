import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export interface MenuItem {
  key: string;
  label: string;
  onSelect(): void;
  disabled?: boolean;
}

interface MenuProps {
  /** The trigger's content and accessible name. */
  trigger: ReactNode;
  label: string;
  items: readonly MenuItem[];
  triggerClass: string;
  align?: "start" | "end";
}

/** A small menu button: Escape or a click outside closes it, arrows move between the items. */
export function Menu({ trigger, label, items, triggerClass, align = "start" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>("[role=menuitem]:not([disabled])")?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  function onKey(e: React.KeyboardEvent) {
    if (e.key === "Escape") {
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>("button")?.focus();
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]:not([disabled])") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(at + (e.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length]?.focus();
  }

  return (
    <div ref={root} className="relative inline-block" onKeyDown={onKey}>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className={triggerClass}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className={`absolute z-30 mt-1 min-w-48 rounded-md border border-gray-200 bg-white py-1 shadow-lg ${align === "end" ? "end-0" : "start-0"}`}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              disabled={item.disabled}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
              className="block w-full px-3 py-1.5 text-start text-sm text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none disabled:text-gray-400"
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
