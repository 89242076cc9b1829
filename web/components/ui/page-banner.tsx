import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  accent: { box: "border-accent/40 bg-accent/10 text-gray-800", icon: "text-accent" },
  danger: { box: "border-red-200 bg-red-50 text-red-800", icon: "" },
} as const;

/** A line over a project's pages that says what state it is in (a preview, a nearly full project). */
export function PageBanner(props: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
  /** A button or link at the line's end. */
  action?: ReactNode;
}) {
  const tone = TONES[props.tone];
  const Icon = props.icon;
  return (
    <div
      role="status"
      data-testid={props.testId}
      className={`flex flex-wrap items-center gap-3 rounded-lg border px-4 py-2 text-sm ${tone.box}`}
    >
      <Icon aria-hidden="true" className={`size-4 ${tone.icon}`} />
      <span className="flex-1">{props.children}</span>
      {props.action}
    </div>
  );
}
