/**
 * The text widget's Markdown, parsed to a small tree that React renders as elements (never as
 * HTML, so a `<script>` in the text is only text): headings (#, ##, ###), paragraphs, bullet and
 * numbered lists, **bold**, *italic* or _italic_, `code` and [links](url). A link keeps only an
 * http(s) or mailto address; any other scheme (javascript:) is shown as plain text.
 */
export type Inline =
  | { t: "text"; v: string }
  | { t: "b" | "i"; c: Inline[] }
  | { t: "code"; v: string }
  | { t: "a"; href: string; c: Inline[] };

export type Block =
  { t: "h"; level: 1 | 2 | 3; c: Inline[] } | { t: "p"; c: Inline[] } | { t: "ul" | "ol"; items: Inline[][] };

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ t: "text", v: text });
    text = "";
  };
  let i = 0;
  while (i < s.length) {
    const rest = s.slice(i);
    let m: RegExpMatchArray | null;
    if ((m = rest.match(/^\*\*(.+?)\*\*/))) {
      flush();
      out.push({ t: "b", c: parseInline(m[1]!) });
    } else if ((m = rest.match(/^[*_]([^*_]+?)[*_]/))) {
      flush();
      out.push({ t: "i", c: parseInline(m[1]!) });
    } else if ((m = rest.match(/^`([^`]+)`/))) {
      flush();
      out.push({ t: "code", v: m[1]! });
    } else if ((m = rest.match(/^\[([^\]]+)\]\(([^)\s]+)\)/))) {
      if (SAFE_URL.test(m[2]!)) {
        flush();
        out.push({ t: "a", href: m[2]!, c: parseInline(m[1]!) });
      } else text += m[1];
    } else {
      text += s[i];
      i++;
      continue;
    }
    i += m[0].length;
  }
  flush();
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { t: "ul" | "ol"; items: Inline[][] } | null = null;
  const end = () => {
    if (para.length) blocks.push({ t: "p", c: parseInline(para.join(" ")) });
    para = [];
    if (list) blocks.push(list);
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    let m: RegExpMatchArray | null;
    if (!line) end();
    else if ((m = line.match(/^(#{1,3})\s+(.*)$/))) {
      end();
      blocks.push({ t: "h", level: m[1]!.length as 1 | 2 | 3, c: parseInline(m[2]!) });
    } else if ((m = line.match(/^(?:([-*+])|\d+[.)])\s+(.*)$/))) {
      const kind = m[1] ? "ul" : "ol";
      if (para.length || (list && list.t !== kind)) end();
      list ??= { t: kind, items: [] };
      list.items.push(parseInline(m[2]!));
    } else {
      if (list) end();
      para.push(line);
    }
  }
  end();
  return blocks;
}
