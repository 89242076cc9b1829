import { startFakeTurnstile } from "../support/fake-turnstile";

/** Runs in Node before the Worker tests: the loopback stand-in of Turnstile's verify endpoint. */
export default async function setup() {
  const server = await startFakeTurnstile(Number(process.env.FAKE_TURNSTILE_PORT));
  return () => {
    server.closeAllConnections();
    server.close();
  };
}
