/**
 * Which import dialog is open, kept outside the buttons that open it: a button may move or
 * unmount while an import runs (the landing's empty state becomes the table list when the first
 * table appears), the dialog must not. One host in the always-mounted sidebar renders it.
 */
import { useSyncExternalStore } from "react";
import type { ImportKind } from "../file-rules";
import type { ImportTarget } from "./import-target";

export interface ImportRequest {
  id: number;
  target: ImportTarget;
  kind: ImportKind;
}

let current: ImportRequest | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function requestImport(target: ImportTarget, kind: ImportKind = "csv"): void {
  current = { id: nextId++, target, kind };
  emit();
}

export function closeImport(): void {
  current = null;
  emit();
}

export function useImportRequest(): ImportRequest | null {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => current,
    () => null,
  );
}

const imported = new Map<string, number>();

/** Rows were imported into this existing table: its grid reloads (see useTableImportVersion). */
export function markTableImported(tableId: string): void {
  imported.set(tableId, (imported.get(tableId) ?? 0) + 1);
  emit();
}

/** A number that changes after each import into the table; a key for the table's grid. */
export function useTableImportVersion(tableId: string): number {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => imported.get(tableId) ?? 0,
    () => 0,
  );
}
