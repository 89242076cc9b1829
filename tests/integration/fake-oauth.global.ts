import { startFakeOAuth } from "../support/fake-oauth";

/** Runs in Node before the Worker tests: the loopback OAuth provider the Worker exchanges codes with. */
export default async function setup() {
  const server = await startFakeOAuth(Number(process.env.FAKE_OAUTH_PORT));
  return () => server.close();
}
