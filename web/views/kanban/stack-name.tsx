/** A stack's name, renamed in place (Enter or leaving the field saves, Escape cancels), and the inline "Add stack". */
import { Pencil, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

function NameInput({ label, initial, onDone }: { label: string; initial: string; onDone(title: string | null): void }) {
  const [text, setText] = useState(initial);
  // Enter (or Escape) then the blur of the field going away must not answer twice.
  const finished = useRef(false);
  const finish = (value: string | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(value === null ? null : value.trim() || null);
  };
  return (
    <input
      autoFocus
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(text);
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish(null);
        }
      }}
      onBlur={() => finish(text)}
      className="min-w-0 flex-1 rounded border border-primary bg-white px-1.5 py-0.5 text-sm focus:outline-none"
    />
  );
}

export function StackName({
  name,
  canRename,
  onRename,
}: {
  name: string;
  canRename: boolean;
  onRename(title: string): void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <NameInput
        label={t("views.kanban.renameStack")}
        initial={name}
        onDone={(title) => {
          setEditing(false);
          if (title && title !== name) onRename(title);
        }}
      />
    );
  }
  return (
    <>
      <h3 className="min-w-0 truncate text-sm font-semibold text-gray-800">{name}</h3>
      {canRename ? (
        <button
          type="button"
          className="rounded p-0.5 text-gray-500 hover:bg-gray-200"
          aria-label={t("views.kanban.renameStackOf", { name })}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </>
  );
}

export function NewStack({ onAdd }: { onAdd(title: string): void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  if (adding) {
    return (
      <div className="flex h-10 w-48 shrink-0 items-center rounded-lg bg-gray-100 px-2">
        <NameInput
          label={t("views.kanban.newStack")}
          initial=""
          onDone={(title) => {
            setAdding(false);
            if (title) onAdd(title);
          }}
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setAdding(true)}
      className="flex h-10 w-48 shrink-0 items-center justify-center gap-1 rounded-lg border border-dashed border-gray-300 text-sm text-gray-600 hover:bg-gray-100"
    >
      <Plus aria-hidden="true" className="size-4" />
      {t("views.kanban.addStack")}
    </button>
  );
}
