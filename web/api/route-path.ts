/** A route as the Worker's app declares it (`/tables/:tableId/hooks`) with its parameters filled in. */
export function fillPath(route: string, params: Record<string, string | number>): string {
  return route.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    // One path segment each, encoded as the hand-built paths did (encodeURIComponent).
    return encodeURIComponent(String(value));
  });
}
