/**
 * Shapes of JSON answers (keys and value types, not values), to compare our v2 answers with the
 * ones NocoDB 0.301.3 gave for the same request (tests/support/nocodb-v2-fixtures, recorded by
 * record-nocodb-v2.mjs). Lists compare by their first item; `null` fits any type (a field left
 * empty on one side may be set on the other). `only`: the top-level keys compared; `ignore`: keys
 * skipped at any depth (a known difference, named by the test); `within`: the keys compared in the
 * items under a key (`columns`, `views`). Our meta answers flags as booleans where NocoDB gives 0/1
 * (API-CONTRACT): a boolean fits a number.
 */
export interface ShapeOptions {
  only?: readonly string[];
  ignore?: readonly string[];
  within?: Readonly<Record<string, readonly string[]>>;
}

export function shapeProblems(peer: unknown, ours: unknown, opts: ShapeOptions = {}, path = "$"): string[] {
  if (peer === null || ours === null) return [];
  const inner = { ignore: opts.ignore, within: opts.within };
  if (Array.isArray(peer)) {
    if (!Array.isArray(ours)) return [`${path}: peer has a list, ours ${typeof ours}`];
    if (peer.length === 0 || ours.length === 0) return [];
    return shapeProblems(peer[0], ours[0], { ...inner, only: opts.only }, `${path}[0]`);
  }
  if (typeof peer === "object") {
    if (typeof ours !== "object" || Array.isArray(ours)) return [`${path}: peer has an object, ours ${typeof ours}`];
    const theirs = peer as Record<string, unknown>;
    const mine = ours as Record<string, unknown>;
    return Object.keys(theirs)
      .filter((k) => (!opts.only || opts.only.includes(k)) && !opts.ignore?.includes(k))
      .flatMap((k) =>
        k in mine
          ? shapeProblems(theirs[k], mine[k], { ...inner, only: opts.within?.[k] }, `${path}.${k}`)
          : [`${path}.${k}: missing`],
      );
  }
  if (typeof peer === "number" && typeof ours === "boolean") return [];
  return typeof peer === typeof ours ? [] : [`${path}: peer ${typeof peer}, ours ${typeof ours}`];
}
