import { startFakeDns } from "../support/fake-dns";

/** Runs in Node before the Worker tests: the loopback DNS-over-HTTPS resolver and its trap listener. */
export default async function setup() {
  const dns = await startFakeDns(Number(process.env.FAKE_DNS_PORT), Number(process.env.FAKE_TRAP_PORT));
  return () => dns.close();
}
