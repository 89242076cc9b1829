import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

interface PopoverProps {
  /** The trigger button's accessible name. */
  label: string;
  /** What the trigger shows (icon and text). */
  button: ReactNode;
  buttonClass?: string;
  /** "dialog" for forms (filters, sorts), "menu" for lists of actions. */
  role?: "dialog" | "menu";
  panelClass?: string;
  disabled?: boolean;
  children(close: () => void): ReactNode;
}

/**
 * A button with a floating panel (portalled, so grid cells never clip it). Outside clicks and
 * Escape close it and give the focus back to the button.
 */
export function Popover({
  label,
  button,
  buttonClass = "",
  role = "dialog",
  panelClass = "",
  disabled,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    trigger.current?.focus({ preventScroll: true });
  };

  useLayoutEffect(() => {
    if (!open || !trigger.current) return;
    const r = trigger.current.getBoundingClientRect();
    const width = panel.current?.offsetWidth ?? 0;
    // The panel opens at the button's inline start: its right edge under the button's in a right-to-left page.
    const start = getComputedStyle(trigger.current).direction === "rtl" ? r.right - width : r.left;
    setPos({ top: r.bottom + 4, left: Math.max(8, Math.min(start, window.innerWidth - width - 8)) });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !trigger.current?.contains(t)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [open]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup={role}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        className={buttonClass}
        onMouseDown={(e) => e.stopPropagation()}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open
        ? createPortal(
            <div
              ref={panel}
              id={id}
              role={role}
              aria-label={label}
              className={`fixed z-50 rounded-lg border border-gray-200 bg-white p-2 text-sm shadow-xl ${panelClass}`}
              style={{ top: pos.top, left: pos.left }}
            >
              {children(close)}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

export const MENU_ITEM =
  "flex w-full items-center gap-2 rounded px-2 py-1.5 text-start text-sm text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300";
export const TOOL_BUTTON =
  "inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:text-gray-300 aria-expanded:bg-gray-100";
