import { Lock, UserRound, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LockType } from "../../../api/view-kinds-api";
import type { View } from "../../../api/view-types";
import { Modal } from "../../../components/ui/modal";

const KINDS: Array<{ value: LockType; icon: LucideIcon }> = [
  { value: "collaborative", icon: Users },
  { value: "locked", icon: Lock },
  { value: "personal", icon: UserRound },
];

/** Collaborative, locked or personal (SPEC 3 view kinds); the server enforces what each allows. */
export function ViewKindDialog({
  view,
  onClose,
  onPick,
}: {
  view: View | null;
  onClose(): void;
  onPick(kind: LockType): void;
}) {
  const { t } = useTranslation();
  const current = view?.lock_type ?? "collaborative";
  return (
    <Modal
      open={view !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t("views.kind.title", { title: view?.title ?? "" })}
    >
      <div role="radiogroup" aria-label={t("views.kind.label")} className="flex flex-col gap-2">
        {KINDS.map((k) => (
          <button
            key={k.value}
            type="button"
            role="radio"
            aria-checked={current === k.value}
            onClick={() => onPick(k.value)}
            className={`flex items-start gap-3 rounded-md border p-3 text-start ${current === k.value ? "border-primary bg-primary/5" : "border-gray-200 hover:bg-gray-50"}`}
          >
            <k.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-600" />
            <span>
              <span className="block text-sm font-medium text-gray-900">
                {t(`views.kind.${k.value}` as "views.kind.locked")}
              </span>
              <span className="block text-xs text-gray-500">
                {t(`views.kind.${k.value}Hint` as "views.kind.lockedHint")}
              </span>
            </span>
          </button>
        ))}
      </div>
    </Modal>
  );
}
