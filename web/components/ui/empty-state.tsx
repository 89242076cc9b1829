import { Inbox, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function EmptyState({
  title,
  body,
  icon: Icon = Inbox,
  children,
}: {
  title?: string;
  body: string;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-gray-300" />
      {title ? <p className="text-base font-medium text-gray-800">{title}</p> : null}
      <p className="max-w-md text-sm text-gray-500">{body}</p>
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
