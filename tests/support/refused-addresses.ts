/**
 * Issue #32's address forms. N3: ways of writing a private address (and private names) that the
 * old external-database host rule let through to a loopback listener. N11: IPv6 ranges the
 * webhook rule missed (IPv4-translated ::ffff:0:0:0/96, local-use NAT64 64:ff9b:1::/48, the IETF
 * range 2001::/23 with Teredo 2001::/32, and discard 100::/64).
 */
export const N3_FORMS = [
  "127.1",
  "2130706433",
  "0x7f000001",
  "0177.0.0.1",
  "0",
  "10.1",
  "0xa9fea9fe",
  "2852039166",
  "metadata.google.internal",
  "localhost.localdomain",
  "::ffff:7f00:1",
  "0:0:0:0:0:0:0:1",
];

export const N11_FORMS = [
  "::ffff:0:7f00:1",
  "::ffff:0:a9fe:a9fe",
  "64:ff9b:1::7f00:1",
  "64:ff9b:1:ffff::1",
  "2001::1",
  "2001:0:4136:e378:8000:63bf:80ff:fffe",
  "100::1",
];

/** A host as a URL writes it: IPv6 in brackets. */
export const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host);
