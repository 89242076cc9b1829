/** The one client the test OpenID provider knows; kept apart so Worker tests import it without the provider. */
export const OIDC_CLIENT_ID = "gridbase";
export const OIDC_CLIENT_SECRET = "gridbase-oidc-secret";
