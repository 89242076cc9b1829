/**
 * Where link cells act: the table, the caller's rights, and the one picker or list dialog open
 * at a time. Cells stay cheap (no state of their own); without a host they only show values.
 * A record not yet created has no links to add to, but its belongs-to links are chosen here
 * (`pending`) and sent with the new row (API-CONTRACT 1.11 writes; SPEC 5 required belongs-to).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { Column } from "../api/types";
import { useProject } from "../pages/project/project-context";
import { LinkPicker } from "./link-picker";
import { LinkedList } from "./linked-list";
import type { LinkedRecord } from "./link-values";
import { useLinkActions } from "./use-link-actions";

export type { LinkDialog } from "./link-host-value";

export type { LinkHostValue } from "./link-host-value";
import type { LinkDialog, LinkHostValue } from "./link-host-value";

const LinkHostContext = createContext<LinkHostValue | null>(null);

export function useLinkHost(): LinkHostValue | null {
  return useContext(LinkHostContext);
}

interface LinkHostProps {
  tableId: string;
  keyTitle: string;
  /** The table's rows changed through a link: refetch what shows them. */
  onChanged(): void;
  children: ReactNode;
}

export function LinkHost({ tableId, keyTitle, onChanged, children }: LinkHostProps) {
  const { projectId, can } = useProject();
  const [dialog, setDialog] = useState<LinkDialog | null>(null);
  // The latest callback, behind a stable one: the context value stays the same across renders.
  const latest = useRef(onChanged);
  latest.current = onChanged;
  const changed = useCallback(() => latest.current(), []);
  const { link, unlink } = useLinkActions(projectId, tableId, changed);
  const canLink = can("nestedAdd");
  const canUnlink = can("nestedRemove");
  const [pending, setPendingMap] = useState<Record<string, LinkedRecord>>({});
  const setPending = useCallback((column: Column, record: LinkedRecord | null) => {
    setPendingMap((p) => {
      const { [column.title]: _old, ...rest } = p;
      return record ? { ...rest, [column.title]: record } : rest;
    });
  }, []);
  const clearPending = useCallback(() => setPendingMap({}), []);
  const value = useMemo<LinkHostValue>(
    () => ({
      projectId,
      tableId,
      keyTitle,
      canLink,
      canUnlink,
      open: setDialog,
      link,
      unlink,
      pending,
      setPending,
      clearPending,
    }),
    [projectId, tableId, keyTitle, canLink, canUnlink, link, unlink, pending, setPending, clearPending],
  );
  const close = () => setDialog(null);
  return (
    <LinkHostContext value={value}>
      {children}
      {dialog?.kind === "picker" ? (
        <LinkPicker
          key={`${dialog.column.id}:${dialog.rowKey}`}
          host={value}
          column={dialog.column}
          rowKey={dialog.rowKey}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === "list" && dialog.rowKey !== null ? (
        <LinkedList
          key={`${dialog.column.id}:${dialog.rowKey}`}
          host={value}
          column={dialog.column}
          rowKey={dialog.rowKey}
          onClose={close}
        />
      ) : null}
    </LinkHostContext>
  );
}
