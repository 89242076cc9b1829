/** Used only when MODE=local, so a fresh clone can try the app store without configuring secrets. */
const DEV_SETTINGS_KEY = "local-development-settings-key-not-for-production-use";

/** The key app store settings are sealed with: the SETTINGS_KEY secret; a development key only in local mode. */
export function settingsKey(env: { SETTINGS_KEY?: string; MODE?: string }): string | null {
  return env.SETTINGS_KEY || (env.MODE === "local" ? DEV_SETTINGS_KEY : null);
}

/** Chat services a webhook can notify through an incoming-webhook URL. */
export const CHAT_KINDS = ["Slack", "Discord", "Microsoft Teams", "Mattermost"] as const;
export type ChatKindName = (typeof CHAT_KINDS)[number];
