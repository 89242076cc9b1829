import type { Role, RoleFlags } from "./roles";

/**
 * The permission matrix (SPEC 6, API-CONTRACT 8) as data: action -> scope and roles allowed.
 * `super` may do everything and is not listed. Org actions are checked against org roles only;
 * project actions against the effective roles in the project (org roles merged with the
 * project role). The server enforces it on every route; the web reads it to hide controls.
 */
const READERS = ["owner", "creator", "editor", "commenter", "viewer"] as const;
const COMMENTERS = ["owner", "creator", "editor", "commenter"] as const;
const EDITORS = ["owner", "creator", "editor"] as const;
const BUILDERS = ["owner", "creator"] as const;
const ORG_MEMBERS = ["admin", "org-level-creator", "org-level-viewer"] as const;

/**
 * What an action does, for scoped API tokens (issue 41, db/acl/token-scope.ts): `read` changes
 * nothing; `records` writes records (their links, comments, files, trash) and nothing else;
 * `schema` is everything else: tables, fields, views and their filters and sorts, members,
 * sharing, hooks, automations, snapshots, projects and tokens.
 */
export type ActionKind = "read" | "records" | "schema";

interface Rule {
  scope: "org" | "project";
  roles: readonly Role[];
  kind: ActionKind;
}

/**
 * An action's kind follows from who may take it unless given: what viewers may do reads, what
 * commenters and editors may do writes records, the rest is schema. The exceptions say so below.
 */
const kindOf = (roles: readonly Role[]): ActionKind =>
  roles.includes("viewer") ? "read" : roles.includes("editor") ? "records" : "schema";
const org = (roles: readonly Role[] = [], kind: ActionKind = "schema"): Rule => ({ scope: "org", roles, kind });
const project = (roles: readonly Role[], kind = kindOf(roles)): Rule => ({ scope: "project", roles, kind });

export const MATRIX = {
  // Org level
  // Org actions are schema for tokens unless they only read (the project lists).
  projectList: org(ORG_MEMBERS, "read"),
  projectCreate: org(["org-level-creator"]),
  orgUserList: org(),
  orgUserInvite: org(),
  orgUserUpdate: org(),
  orgUserDelete: org(),
  orgUserResendInvite: org(),
  orgUserResetUrl: org(),
  appSettingsGet: org(),
  appSettingsSet: org(),
  // The security log (issue 41): sign-ins, tokens, roles and shares of everyone.
  securityLog: org(),
  appStore: org(),
  // Local mode's outbox reader: every mailed reset and invitation link, so the super admin's only.
  devOutbox: org(),
  // Whole projects (issue 35). Import makes a project, as creating one does. The project trash
  // lists and acts on deleted projects, which no project check can find: any member of the org
  // may ask, and the route answers only for projects the caller owns (project-trash.ts).
  projectImport: org(["org-level-creator"]),
  projectTrashList: org(ORG_MEMBERS, "read"),
  projectRestore: org(ORG_MEMBERS),
  projectPurge: org(ORG_MEMBERS),

  // Project
  projectGet: project(READERS),
  projectInfoGet: project(READERS),
  projectUpdate: project(BUILDERS),
  projectDelete: project(["owner"]),
  // The whole project as a .zip, and a copy of it (issue 35): schema work, like the tables.
  projectExport: project(BUILDERS, "read"),
  projectDuplicate: project(BUILDERS),
  // The member list carries e-mails: contract 8 gives "users" to owners and creators only.
  projectUserList: project(BUILDERS, "read"),
  userInvite: project(BUILDERS),
  projectUserUpdate: project(BUILDERS),
  projectUserDelete: project(BUILDERS),
  projectUserResendInvite: project(BUILDERS),
  sharedBaseGet: project(BUILDERS, "read"),
  createSharedBaseLink: project(BUILDERS),
  updateSharedBaseLink: project(BUILDERS),
  disableSharedBaseLink: project(BUILDERS),

  tableList: project(READERS),
  tableGet: project(READERS),
  tableCreate: project(BUILDERS),
  tableUpdate: project(BUILDERS),
  tableDelete: project(BUILDERS),
  tableReorder: project(BUILDERS),
  columnList: project(READERS),
  columnAdd: project(BUILDERS),
  columnUpdate: project(BUILDERS),
  columnDelete: project(BUILDERS),
  columnSetAsPrimary: project(BUILDERS),
  // Field permissions and row rules (issue 23): schema work, like the fields themselves.
  tableAccessGet: project(BUILDERS, "read"),
  tableAccessSet: project(BUILDERS),

  viewList: project(READERS),
  viewCreate: project(BUILDERS),
  viewUpdate: project(BUILDERS),
  viewDelete: project(BUILDERS),
  shareView: project(BUILDERS),
  // A view's fields, filters and sorts are its layout, shared by everyone: schema for tokens.
  gridColumnUpdate: project(EDITORS, "schema"),
  filterList: project(READERS),
  filterCreate: project(EDITORS, "schema"),
  filterUpdate: project(EDITORS, "schema"),
  filterDelete: project(EDITORS, "schema"),
  sortList: project(READERS),
  sortCreate: project(EDITORS, "schema"),
  sortUpdate: project(EDITORS, "schema"),
  sortDelete: project(EDITORS, "schema"),

  dataList: project(READERS),
  dataRead: project(READERS),
  dataCount: project(READERS),
  dataExport: project(READERS),
  dataInsert: project(EDITORS),
  dataUpdate: project(EDITORS),
  dataDelete: project(EDITORS),
  nestedList: project(READERS),
  nestedAdd: project(EDITORS),
  nestedRemove: project(EDITORS),
  csvImport: project(EDITORS),
  upload: project(EDITORS),
  // Tokens are made and deleted by a session only (functions/resources/api-tokens.ts).
  apiTokenList: project(READERS),
  apiTokenCreate: project(READERS, "schema"),
  apiTokenDelete: project(READERS, "schema"),
  commentList: project(READERS),
  commentRow: project(COMMENTERS),
  auditRowList: project(READERS),
  // Webhooks are schema work (contract 8: not editors); the REST API page is for any member.
  hookList: project(BUILDERS, "read"),
  hookCreate: project(BUILDERS),
  hookUpdate: project(BUILDERS),
  hookDelete: project(BUILDERS),
  hookTest: project(BUILDERS),
  hookLogList: project(BUILDERS, "read"),
  // Automations (issue 39): built, tested and watched by owners and creators only (they act with
  // the builder's rights); a button on a record starts one for anyone who may edit records.
  automationList: project(BUILDERS, "read"),
  automationCreate: project(BUILDERS),
  automationUpdate: project(BUILDERS),
  automationDelete: project(BUILDERS),
  automationTest: project(BUILDERS),
  automationRunList: project(BUILDERS, "read"),
  automationRerun: project(BUILDERS),
  automationFire: project(EDITORS),
  swaggerJson: project(READERS),
  // The trash (issue 35): records to whoever may delete them; a deleted field, table or view to
  // owners and creators only (the routes narrow an editor to records: functions/resources/projects/trash.ts).
  trashList: project(EDITORS, "read"),
  trashRestore: project(EDITORS),
  trashPurge: project(EDITORS),
  // Snapshots (issue 35): schema-level work; putting one back over the project is the owner's.
  snapshotList: project(BUILDERS, "read"),
  snapshotCreate: project(BUILDERS),
  snapshotDelete: project(BUILDERS),
  snapshotRestore: project(BUILDERS),
  snapshotRestoreInPlace: project(["owner"]),
  // Dashboards (issue 38): builders make and share them; every member reads them, each through
  // their own role's hidden fields and row rules.
  dashboardList: project(READERS),
  dashboardRead: project(READERS),
  dashboardCreate: project(BUILDERS),
  dashboardUpdate: project(BUILDERS),
  dashboardDelete: project(BUILDERS),
  dashboardShare: project(BUILDERS),
} satisfies Record<string, Rule>;

export type Action = keyof typeof MATRIX;

export const ACTION_NAMES = Object.keys(MATRIX) as Action[];

export function scopeOf(action: Action): "org" | "project" {
  return MATRIX[action].scope;
}

export function kindOfAction(action: Action): ActionKind {
  return MATRIX[action].kind;
}

/** Whether roles holding these flags may take the action. */
export function can(flags: RoleFlags, action: Action): boolean {
  if (flags.super) return true;
  return MATRIX[action].roles.some((role) => flags[role]);
}
