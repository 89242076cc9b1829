import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: LucideIcon;
  tone?: "default" | "danger";
}

/** A small square button showing only an icon. */
export function IconButton({
  label,
  icon: Icon,
  tone = "default",
  className = "",
  type = "button",
  ...rest
}: IconButtonProps) {
  const colour =
    tone === "danger"
      ? "text-gray-500 hover:bg-red-50 hover:text-red-600"
      : "text-gray-500 hover:bg-gray-100 hover:text-gray-900";
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-7 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40 ${colour} ${className}`}
      {...rest}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
