/**
 * Undo/redo history of grid changes. Rules:
 * - push adds an entry and clears the redo side; the oldest entries drop beyond `limit`.
 * - takeUndo/takeRedo hand the caller the entry to apply and move it to the other side; when the
 *   apply fails the caller puts it back with restore, so a failed undo can be tried again.
 */
export class UndoStack<E> {
  private done: E[] = [];
  private undone: E[] = [];

  constructor(private readonly limit = 100) {}

  push(entry: E): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  takeUndo(): E | undefined {
    const entry = this.done.pop();
    if (entry !== undefined) this.undone.push(entry);
    return entry;
  }

  takeRedo(): E | undefined {
    const entry = this.undone.pop();
    if (entry !== undefined) this.done.push(entry);
    return entry;
  }

  /** Puts back an entry whose undo (side "undo") or redo (side "redo") failed. */
  restore(entry: E, side: "undo" | "redo"): void {
    const [from, to] = side === "undo" ? [this.undone, this.done] : [this.done, this.undone];
    const i = from.lastIndexOf(entry);
    if (i >= 0) from.splice(i, 1);
    to.push(entry);
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
