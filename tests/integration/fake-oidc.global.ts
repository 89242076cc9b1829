import { startOidcProvider } from "../support/oidc-provider";

/** Runs in Node before the Worker tests: a real OpenID provider (oidc-provider) on loopback for the SSO tests. */
export default async function setup() {
  const server = await startOidcProvider(Number(process.env.FAKE_OIDC_PORT), [
    "http://localhost/api/v1/auth/oidc/callback",
  ]);
  return () => server.close();
}
