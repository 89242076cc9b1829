import type { D1Migration } from "cloudflare:test";
import type { Env as AppBindings } from "../../realtime/env";

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("../../functions/index");
    }
    interface Env extends AppBindings {
      /** Provided by vitest.config.ts to the Worker tests only. */
      TEST_MIGRATIONS?: D1Migration[];
      /** The loopback web server of tests/support/fake-files.ts. */
      FAKE_FILES_URL?: string;
      /** The loopback stand-in of Turnstile's verify endpoint (tests/support/fake-turnstile.ts). */
      FAKE_TURNSTILE_URL?: string;
      /** The loopback DNS-over-HTTPS stand-in (tests/support/fake-dns.ts); `/trap` counts its trap's connections. */
      FAKE_DNS_URL?: string;
      /** The port of that trap: a loopback listener no refused address may reach. */
      FAKE_TRAP_PORT?: string;
      /** The real OpenID provider on loopback (tests/support/oidc-provider.ts). */
      FAKE_OIDC_URL?: string;
    }
  }
}
