/**
 * On page load: a URL with `code` plus `scope` or `state` is an OAuth return (SPEC 4). The query
 * string is removed from the address bar at once, then the code is exchanged. The promise resolves
 * to the error text to toast (the server's msg, SPEC 8), or null; it never rejects.
 */
import { errorText } from "./api-errors";
import { authApi } from "./auth-api";
import { i18n } from "./i18n";
import { adoptSigninAnswer } from "./sign-in-flow";
import { socialCallbackFrom, ssoErrorFrom, ssoTicketFrom } from "./social-signin";

export function completeSocialSignIn(): Promise<string | null> {
  // Single sign-on already signed in at its callback; a two-factor user brings a ticket for the code step.
  const ssoTicket = ssoTicketFrom(window.location.hash);
  if (ssoTicket) {
    window.history.replaceState(window.history.state, "", window.location.pathname);
    adoptSigninAnswer({ ticket: ssoTicket });
  }
  const ssoError = ssoErrorFrom(window.location.hash);
  if (ssoError) {
    window.history.replaceState(window.history.state, "", window.location.pathname);
    return Promise.resolve(errorText(new Error(ssoError), i18n.t("msg.error.internal")));
  }
  const callback = socialCallbackFrom(window.location.search);
  if (!callback) return Promise.resolve(null);
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.hash}`);
  return authApi.exchangeSocialCode(callback.exchangePath).then(
    (answer) => (adoptSigninAnswer(answer) ? null : i18n.t("msg.error.internal")),
    (err: unknown) => errorText(err, i18n.t("msg.error.internal")),
  );
}
