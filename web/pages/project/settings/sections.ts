import type { Action } from "../../../../db/acl/matrix";

export type SettingsSection = "general" | "members" | "sharedBase";

/** The settings sections the caller's roles can use; none hides the settings button. */
export function settingsSections(can: (action: Action) => boolean): SettingsSection[] {
  const sections: SettingsSection[] = [];
  if (can("projectUpdate")) sections.push("general");
  if (can("userInvite") || can("projectUserUpdate") || can("projectUserDelete")) sections.push("members");
  if (can("createSharedBaseLink")) sections.push("sharedBase");
  return sections;
}
