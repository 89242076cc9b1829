/** The app's API client: same origin, the current session, route and preview role. */
import { createApiClient } from "./api-client";
import { session, tokenRefresher } from "./auth";
import { i18n } from "./i18n";
import { getRouteParams, sharedBaseIdFrom } from "./route-context";
import { serverText } from "./server-messages";
import { settings } from "./settings";

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: "",
  getToken: () => session.getToken(),
  getPreviewAs: () => settings.get().previewAs,
  getSharedBaseId: () => sharedBaseIdFrom(getRouteParams()),
  refreshSession: () => tokenRefresher.refreshSession(),
  fallbackMessage: () => i18n.t("msg.error.internal"),
  showServerText: (text) => serverText(text, (key) => String(i18n.t(key as "msg.error.internal"))),
});
