/**
 * The grouped grid's data (issue 37): the group tree and, per last-level group, pages of its
 * records. Rules:
 * - the outer groups load at start (at most GROUP_LIMIT, the API's page; more are named, not shown);
 * - a group's sub-groups load when its "loading" line is on screen, its records' pages when their
 *   lines are: a collapsed or scrolled-away group costs nothing;
 * - one request per group or page at a time; a failure is reported and tried again when the
 *   lines are next drawn after RETRY_MS;
 * - reload() reads the tree again, open sub-groups included, and reads the pages again as they
 *   are drawn (after a record is added or changed, here or by another user); until a page is read
 *   again its lines show what they showed, so records do not blink empty after every change, and a
 *   record being dragged when a change arrives stays draggable.
 */
import type { Row } from "../../../api/view-types";
import type { GroupAggregate, GroupLines, GroupNode } from "./group-tree";
import { groupNodes, type GroupColumn } from "./group-tree";

export const GROUP_LIMIT = 1000;
export const PAGE = 50;
const RETRY_MS = 3000;
/** Realtime changes within this time are one reload. */
const LIVE_DELAY_MS = 300;

export interface GroupedFetch {
  /** The groups at `level` inside `parent` (null: the outer ones). */
  groups(
    parent: GroupNode | null,
    level: number,
    signal: AbortSignal,
  ): Promise<{ list: Array<{ value: unknown; count: number; aggregates?: GroupAggregate[] }>; more: boolean }>;
  /** A page of one group's records. */
  rows(node: GroupNode, offset: number, limit: number, signal: AbortSignal): Promise<Row[]>;
}

export class GroupedData {
  roots: GroupNode[] = [];
  rootMore = false;
  loaded = false;
  version = 0;
  private pages = new Map<string, Map<number, Row[]>>();
  /** The pages before the last reload, shown until their page is read again. */
  private shown = new Map<string, Map<number, Row[]>>();
  private busy = new Set<string>();
  private failed = new Map<string, number>();
  private listeners = new Set<() => void>();
  private abort = new AbortController();

  constructor(
    private readonly fetch: GroupedFetch,
    private readonly columnOf: (level: number) => GroupColumn,
    private readonly onError: (err: unknown) => void,
  ) {}

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed() {
    this.version++;
    this.listeners.forEach((fn) => fn());
  }

  private async run(key: string, work: (signal: AbortSignal) => Promise<void>) {
    const failedAt = this.failed.get(key);
    if (this.busy.has(key) || (failedAt !== undefined && Date.now() - failedAt < RETRY_MS)) return;
    this.busy.add(key);
    const signal = this.abort.signal;
    try {
      await work(signal);
      this.failed.delete(key);
    } catch (err) {
      if (signal.aborted) return;
      this.failed.set(key, Date.now());
      this.onError(err);
    } finally {
      if (!signal.aborted) {
        this.busy.delete(key);
        this.changed();
      }
    }
  }

  start() {
    void this.run("roots", async (signal) => {
      const answer = await this.fetch.groups(null, 0, signal);
      if (signal.aborted) return;
      this.roots = groupNodes(null, this.columnOf(0), answer.list);
      this.rootMore = answer.more;
      this.loaded = true;
    });
  }

  /** Loads what the lines first..last need: sub-groups and record pages. */
  ensure(lines: GroupLines, first: number, last: number) {
    for (let i = Math.max(0, first); i <= Math.min(last, lines.length - 1); i++) {
      const line = lines.at(i);
      if (!line) continue;
      if (line.kind === "loading") this.loadChildren(line.node);
      else if (line.kind === "row") {
        const page = Math.floor(line.index / PAGE);
        if (!this.pages.get(line.node.id)?.has(page)) this.loadPage(line.node, page);
        // The rest of this page of this group is covered by the same request.
        i += Math.min(PAGE - (line.index % PAGE), line.node.count - line.index) - 1;
      }
    }
  }

  rowAt(node: GroupNode, index: number): Row | undefined {
    const page = Math.floor(index / PAGE);
    const rows = this.pages.get(node.id)?.get(page) ?? this.shown.get(node.id)?.get(page);
    return rows?.[index % PAGE];
  }

  private loadChildren(node: GroupNode) {
    void this.run(`g:${node.id}`, async (signal) => {
      const answer = await this.fetch.groups(node, node.level + 1, signal);
      if (signal.aborted) return;
      node.children = groupNodes(node, this.columnOf(node.level + 1), answer.list);
      node.more = answer.more;
    });
  }

  private loadPage(node: GroupNode, page: number) {
    void this.run(`p:${node.id}:${page}`, async (signal) => {
      const list = await this.fetch.rows(node, page * PAGE, PAGE, signal);
      if (signal.aborted) return;
      const pages = this.pages.get(node.id) ?? new Map<number, Row[]>();
      pages.set(page, list);
      this.pages.set(node.id, pages);
    });
  }

  /**
   * Reads the tree again (counts and aggregates change when records are added, edited or moved;
   * after one's own edit or another user's, realtime): the outer groups, and the sub-groups of
   * every group whose sub-groups were loaded, all before the new tree replaces the old one, so an
   * open sub-group shows its new counts and aggregates without being reopened or flickering to
   * "loading". Pages are read again as they are drawn, the old ones shown meanwhile.
   */
  reload() {
    this.abort.abort();
    this.abort = new AbortController();
    this.busy.clear();
    this.failed.clear();
    const old = this.roots;
    void this.run("roots", async (signal) => {
      const answer = await this.fetch.groups(null, 0, signal);
      if (signal.aborted) return;
      const roots = groupNodes(null, this.columnOf(0), answer.list);
      await this.refreshChildren(roots, old, signal);
      if (signal.aborted) return;
      for (const [id, pages] of this.pages) {
        const kept = this.shown.get(id) ?? new Map<number, Row[]>();
        for (const [page, rows] of pages) kept.set(page, rows);
        this.shown.set(id, kept);
      }
      this.pages = new Map();
      this.roots = roots;
      this.rootMore = answer.more;
    });
  }

  /** For each new node that was loaded before (same path), its sub-groups read again, level by level. */
  private async refreshChildren(nodes: GroupNode[], before: readonly GroupNode[], signal: AbortSignal) {
    const was = new Map(before.map((n) => [n.id, n]));
    await Promise.all(
      nodes.map(async (node) => {
        const prev = was.get(node.id);
        if (!prev?.children) return;
        const answer = await this.fetch.groups(node, node.level + 1, signal);
        if (signal.aborted) return;
        node.children = groupNodes(node, this.columnOf(node.level + 1), answer.list);
        node.more = answer.more;
        await this.refreshChildren(node.children, prev.children, signal);
      }),
    );
  }

  /**
   * Another user's change to the table (realtime, web/realtime/apply-event.ts treats this as the
   * grid's store): any record may have changed group or aggregate, so the tree is read again, once
   * for a burst of changes.
   */
  readonly live = {
    patchByKey: () => this.reloadSoon(),
    applyEdit: () => {
      this.reloadSoon();
      return true;
    },
    reload: () => this.reloadSoon(),
  };

  private soon: ReturnType<typeof setTimeout> | undefined;
  private reloadSoon() {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => this.reload(), LIVE_DELAY_MS);
  }

  dispose() {
    clearTimeout(this.soon);
    this.abort.abort();
    this.listeners.clear();
  }
}
