import { CircleAlert, CircleCheck } from "lucide-react";

/** An inline message under a form: errors are announced as alerts, successes as status. */
export function FormAlert({ tone, message }: { tone: "error" | "success"; message: string | null | undefined }) {
  if (!message) return null;
  const error = tone === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      className={`flex items-start gap-2 rounded-md px-3 py-2 text-sm ${error ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800"}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}
