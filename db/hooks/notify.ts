import type { NotificationInput } from "./inputs";

/**
 * The HTTP requests a hook's notification makes for one payload. A URL hook sends the payload as
 * JSON with its method and enabled headers (a GET carries no body). A chat hook posts a short
 * message in the target's incoming-webhook shape to every app store target it names (by title;
 * all configured targets of that kind when it names none): Slack and Mattermost `{text}`,
 * Discord `{content}`, Microsoft Teams `{text}` (the connector card's plain form).
 */
export interface OutgoingRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ChatTarget {
  title: string;
  webhook_url: string;
}

export type ChatKind = "Slack" | "Discord" | "Microsoft Teams" | "Mattermost";

export function chatText(payload: { type: string; data: { table_name: string; rows: unknown[] } }): string {
  const n = payload.data.rows.length;
  const what = payload.type.replace(/^records\.after\./, "");
  const first = JSON.stringify(payload.data.rows[0] ?? {});
  return `${payload.data.table_name}: ${what} of ${n} record${n === 1 ? "" : "s"}\n${first.length > 1500 ? `${first.slice(0, 1500)}…` : first}`;
}

export function chatBody(kind: ChatKind, text: string): string {
  return JSON.stringify(kind === "Discord" ? { content: text } : { text });
}

export function hookRequests(
  notification: NotificationInput,
  payload: { type: string; data: { table_name: string; rows: unknown[] } },
  targets: (kind: ChatKind) => ChatTarget[],
): OutgoingRequest[] {
  const p = notification.payload ?? {};
  if (notification.type === "URL") {
    const method = p.method ?? "POST";
    const headers: Record<string, string> = {};
    for (const h of p.headers ?? []) if (h.name && h.enabled !== false) headers[h.name] = h.value ?? "";
    if (method === "GET") return [{ url: p.path ?? "", method, headers }];
    headers["content-type"] ??= "application/json";
    return [{ url: p.path ?? "", method, headers, body: JSON.stringify(payload) }];
  }
  const kind = notification.type;
  const named = (p.channels ?? []).map((c) => (typeof c === "string" ? c : (c.channel ?? ""))).filter(Boolean);
  const all = targets(kind);
  const chosen = named.length ? all.filter((t) => named.includes(t.title)) : all;
  const text = p.body?.trim() ? p.body : chatText(payload);
  return chosen.map((t) => ({
    url: t.webhook_url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: chatBody(kind, text),
  }));
}
