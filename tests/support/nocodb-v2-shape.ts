/**
 * Shapes of JSON answers (keys and value types, not values), to compare our v2 answers with the
 * ones NocoDB 0.301.3 gave for the same request (tests/support/nocodb-v2-fixtures, recorded by
 * record-nocodb-v2.mjs). Lists compare by their first item; `null` fits any type (a field left
 * empty on one side may be set on the other). `only`: the top-level keys compared; `ignore`: keys
 * skipped at any depth (a known difference, named by the test).
 */
export interface ShapeOptions {
  only?: readonly string[];
  ignore?: readonly string[];
}

export function shapeProblems(peer: unknown, ours: unknown, opts: ShapeOptions = {}, path = "$"): string[] {
  if (peer === null || ours === null) return [];
  const inner = { ignore: opts.ignore };
  if (Array.isArray(peer)) {
    if (!Array.isArray(ours)) return [`${path}: peer has a list, ours ${typeof ours}`];
    if (peer.length === 0 || ours.length === 0) return [];
    return shapeProblems(peer[0], ours[0], inner, `${path}[0]`);
  }
  if (typeof peer === "object") {
    if (typeof ours !== "object" || Array.isArray(ours)) return [`${path}: peer has an object, ours ${typeof ours}`];
    const theirs = peer as Record<string, unknown>;
    const mine = ours as Record<string, unknown>;
    return Object.keys(theirs)
      .filter((k) => (!opts.only || opts.only.includes(k)) && !opts.ignore?.includes(k))
      .flatMap((k) =>
        k in mine ? shapeProblems(theirs[k], mine[k], inner, `${path}.${k}`) : [`${path}.${k}: missing`],
      );
  }
  return typeof peer === typeof ours ? [] : [`${path}: peer ${typeof peer}, ours ${typeof ours}`];
}
