import { createServer } from "node:net";

/**
 * A loopback port nothing listens on right now, for a test server started a moment later. Picked
 * below Linux's ephemeral range (32768–60999, where the OS puts the local end of every outgoing
 * connection): a port the OS hands out by `listen(0)` and is closed again can be taken by any
 * connection before the test server listens on it, which happened in CI while the browser lane
 * ran beside the Worker tests ("The trap could not listen on 127.0.0.1:43971"). Ports here are
 * only ever taken by a listener, and the fixed ports of the test servers (8xxx, 9xxx) are below.
 */
const FROM = 20_000;
const TO = 32_000;

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = FROM + Math.floor(Math.random() * (TO - FROM));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port between ${FROM} and ${TO} after 50 tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
