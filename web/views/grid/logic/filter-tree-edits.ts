/** Immutable edits of the filter tree (filters.ts), addressed by node key. */
import { newKey, type FilterNode } from "./filters";

export function condition(logicalOp: FilterNode["logicalOp"], columnId?: string): FilterNode {
  return { key: newKey(), isGroup: false, logicalOp, columnId, children: [] };
}

export function group(logicalOp: FilterNode["logicalOp"]): FilterNode {
  return { key: newKey(), isGroup: true, logicalOp, children: [] };
}

export function mapTree(nodes: readonly FilterNode[], fn: (n: FilterNode) => FilterNode | null): FilterNode[] {
  return nodes.flatMap((n) => {
    const next = fn(n);
    if (!next) return [];
    return [next.isGroup ? { ...next, children: mapTree(next.children, fn) } : next];
  });
}

export const updateNode = (nodes: readonly FilterNode[], key: string, patch: Partial<FilterNode>) =>
  mapTree(nodes, (n) => (n.key === key ? { ...n, ...patch } : n));

export const removeNode = (nodes: readonly FilterNode[], key: string) =>
  mapTree(nodes, (n) => (n.key === key ? null : n));

/** Adds `node` at the end of group `parentKey` (null: top level), taking that level's op. */
export function addNode(nodes: readonly FilterNode[], parentKey: string | null, node: FilterNode): FilterNode[] {
  if (parentKey === null) return [...nodes, { ...node, logicalOp: levelOp(nodes) }];
  return mapTree(nodes, (n) =>
    n.key === parentKey ? { ...n, children: [...n.children, { ...node, logicalOp: levelOp(n.children) }] } : n,
  );
}

export function levelOp(siblings: readonly FilterNode[]): FilterNode["logicalOp"] {
  return siblings[1]?.logicalOp ?? siblings[0]?.logicalOp ?? "and";
}

/** Sets the op of every child of `parentKey` (null: top level). */
export function setLevelOp(
  nodes: readonly FilterNode[],
  parentKey: string | null,
  op: FilterNode["logicalOp"],
): FilterNode[] {
  if (parentKey === null) return nodes.map((n) => ({ ...n, logicalOp: op }));
  return mapTree(nodes, (n) =>
    n.key === parentKey ? { ...n, children: n.children.map((c) => ({ ...c, logicalOp: op })) } : n,
  );
}
