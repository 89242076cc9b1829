/** Types of import-graph.mjs (the lint rule runs it as plain JavaScript). */
export function importGraph(root: string): Map<string, Set<string>>;
export function cycles(root: string, allowed?: readonly string[]): Map<string, string[]>;
