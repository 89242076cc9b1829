/** Where a view dropped at `to` goes: an order between its new neighbours (the API keeps orders as numbers). */
export function orderBetween(orders: readonly number[], from: number, to: number): number {
  const rest = orders.filter((_, i) => i !== from);
  const before = rest[to - 1];
  const after = rest[to];
  if (before === undefined && after === undefined) return 1;
  if (before === undefined) return after! - 1;
  if (after === undefined) return before + 1;
  return (before + after) / 2;
}
