import { Fragment, type ReactNode } from "react";
import { parseMarkdown, type Inline } from "./markdown";

function inline(nodes: readonly Inline[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case "text":
        return <Fragment key={i}>{n.v}</Fragment>;
      case "b":
        return <strong key={i}>{inline(n.c)}</strong>;
      case "i":
        return <em key={i}>{inline(n.c)}</em>;
      case "code":
        return (
          <code key={i} className="rounded bg-gray-100 px-1">
            {n.v}
          </code>
        );
      case "a":
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer" className="text-primary underline">
            {inline(n.c)}
          </a>
        );
    }
  });
}

const HEADING = ["text-xl font-semibold", "text-lg font-semibold", "font-semibold"] as const;

/** A text widget: its Markdown as elements (./markdown.ts), never as HTML. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="flex flex-col gap-2 overflow-auto text-sm text-gray-800">
      {parseMarkdown(source).map((b, i) => {
        if (b.t === "h") {
          const Tag = ({ 1: "h2", 2: "h3", 3: "h4" } as const)[b.level];
          return (
            <Tag key={i} className={HEADING[b.level - 1]}>
              {inline(b.c)}
            </Tag>
          );
        }
        if (b.t === "p") return <p key={i}>{inline(b.c)}</p>;
        const List = b.t;
        return (
          <List key={i} className={`${b.t === "ul" ? "list-disc" : "list-decimal"} ps-5`}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
