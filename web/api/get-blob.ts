import { createApiClient } from "../lib/api-client";
import { session, tokenRefresher } from "../lib/auth";
import { i18n } from "../lib/i18n";
import { settings } from "../lib/settings";

/**
 * A file the API answers (a .zip, a .csv: not JSON), read with the app's session, its 401 refresh
 * and its error messages; errors throw as every call's do.
 */
export async function getBlob(path: string): Promise<Blob> {
  let blob: Blob | null = null;
  const client = createApiClient({
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (res.ok) blob = await res.clone().blob();
      return res;
    },
    getToken: () => session.getToken(),
    getPreviewAs: () => settings.get().previewAs,
    getSharedBaseId: () => null,
    refreshSession: () => tokenRefresher.refreshSession(),
    fallbackMessage: () => i18n.t("msg.error.internal"),
  });
  await client.get(path);
  return blob ?? new Blob([]);
}
