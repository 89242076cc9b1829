import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { parseMessageKey } from "../csv/parse-messages";

/** File-level notices of the parser (SPEC 8), translated when they are known messages. */
export function Notices({ messages }: { messages: readonly string[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <ul role="status" className="flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
      {messages.map((m) => {
        const key = parseMessageKey(m);
        return (
          <li key={m} className="flex items-start gap-2">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{key ? t(key) : m}</span>
          </li>
        );
      })}
    </ul>
  );
}
