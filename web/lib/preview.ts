/**
 * Preview-as (SPEC 6): an owner or creator views the app as editor, commenter or viewer. The role
 * is kept in settings.previewAs, which the API client sends as xc-preview; the UI narrows its own
 * flags with the shared applyPreview, so hidden controls match what the server allows.
 */
import { useSyncExternalStore } from "react";
import { PREVIEW_ROLES, type PreviewRole } from "../../db/acl/roles";
import { queryClient } from "./query-client";
import { settings } from "./settings";

export function usePreviewAs(): PreviewRole | null {
  const value = useSyncExternalStore(settings.subscribe, () => settings.get().previewAs);
  return value && (PREVIEW_ROLES as readonly string[]).includes(value) ? (value as PreviewRole) : null;
}

/** Starts or ends a preview; server answers depend on it, so cached project data is refetched. */
export function setPreviewAs(role: PreviewRole | null): void {
  settings.update({ previewAs: role });
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== "appInfo" && q.queryKey[0] !== "projectRoles",
  });
}
