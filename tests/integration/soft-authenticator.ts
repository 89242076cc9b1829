/**
 * A software passkey for the worker tests: an ES256 key on WebCrypto that answers registration
 * ('none' attestation) and assertion ceremonies the way a platform authenticator does, so the
 * server's full WebAuthn path (CBOR, COSE key, signature, counter) runs in workerd.
 */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
  return [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The little CBOR a credential needs: integers, text, bytes and maps. */
function cbor(value: Cbor): number[] {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  const out = head(5, value.size);
  for (const [k, v] of value) out.push(...cbor(k), ...cbor(v));
  return out;
}

export const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export const fromB64url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r||s; WebAuthn wants an ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const trimmed = b.slice(i);
    const body = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([2, body.length]), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}

const FLAGS_UP_UV = 0x01 | 0x04;
const FLAG_AT = 0x40;

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle = "";
  private keys!: CryptoKeyPair;

  constructor(private readonly origin = "http://localhost") {}

  private clientData(type: string, challenge: string, origin = this.origin) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A response to registration options, as @simplewebauthn/browser's startRegistration sends it. */
  async register(options: CeremonyOptions, origin?: string) {
    this.keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    this.userHandle = options.user!.id;
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const cose = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, fromB64url(jwk.x!)],
      [-3, fromB64url(jwk.y!)],
    ]);
    const rpIdHash = await sha256(new TextEncoder().encode(options.rp!.id!));
    const authData = concat(
      rpIdHash,
      new Uint8Array([FLAGS_UP_UV | FLAG_AT]),
      u32(this.counter),
      new Uint8Array(16),
      new Uint8Array([0, this.id.length]),
      this.id,
      new Uint8Array(cbor(cose)),
    );
    const attestation = new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(new Uint8Array(cbor(attestation))),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** A response to authentication options; each use counts one more signature. */
  async assert(options: CeremonyOptions, opts: { origin?: string; counter?: number } = {}) {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = concat(
      await sha256(new TextEncoder().encode(options.rpId!)),
      new Uint8Array([FLAGS_UP_UV]),
      u32(this.counter),
    );
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, opts.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(raw)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
