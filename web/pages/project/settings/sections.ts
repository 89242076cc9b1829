import type { Action } from "../../../../db/acl/matrix";

export type SettingsSection = "general" | "database" | "members" | "sharedBase" | "snapshots";

/** The settings sections the caller's roles can use; none hides the settings button. `external`: the project is on an external database. */
export function settingsSections(can: (action: Action) => boolean, external = false): SettingsSection[] {
  const sections: SettingsSection[] = [];
  if (can("projectUpdate")) sections.push("general");
  if (external && can("projectUpdate")) sections.push("database");
  if (can("userInvite") || can("projectUserUpdate") || can("projectUserDelete")) sections.push("members");
  if (can("createSharedBaseLink")) sections.push("sharedBase");
  // An external database's rows live in that database: a snapshot of ours would hold none of them.
  if (!external && can("snapshotList")) sections.push("snapshots");
  return sections;
}
