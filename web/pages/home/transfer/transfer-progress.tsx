import { Loader2 } from "lucide-react";

/** A running copy or import: no percentage is known (one request), so a spinner and what is happening. */
export function TransferProgress({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
      <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary" />
      {text}
    </p>
  );
}
