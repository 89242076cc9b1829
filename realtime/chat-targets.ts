import { open } from "../db/apps/secret-box";
import { settingsKey } from "../db/apps/settings-key";
import type { ChatKind, ChatTarget } from "../db/hooks/notify";
import type { Env } from "./env";

/** The app store's chat targets (Slack, Discord, Teams, Mattermost), opened when a delivery needs them. */
export async function chatTargets(env: Env): Promise<(kind: ChatKind) => ChatTarget[]> {
  const key = settingsKey(env);
  if (!key) return () => [];
  const { results } = await env.META.prepare("SELECT kind, title, config FROM integrations WHERE kind != 'email'").all<{
    kind: string;
    title: string;
    config: string;
  }>();
  const targets: Array<ChatTarget & { kind: string }> = [];
  for (const r of results) {
    const c = await open<{ webhook_url: string }>(key, r.config);
    if (c?.webhook_url) targets.push({ kind: r.kind, title: r.title, webhook_url: c.webhook_url });
  }
  return (kind) => targets.filter((t) => t.kind === kind);
}
