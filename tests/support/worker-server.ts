/**
 * The real Worker bundle under `wrangler dev` on loopback, for tests that need pg and mysql2
 * (which do not load inside vitest-pool-workers, TOOLCHAIN.md): fresh state, MODE=local.
 */
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
// @ts-expect-error plain ESM helper shared with the scripts
import { migrate, startDev } from "../../scripts/wrangler-env.mjs";

export async function startWorker(port: number, inspectorPort: number, vars: string[] = []) {
  const persistTo = `.wrangler/test-state-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const child = startDev({
    port,
    inspectorPort,
    persistTo,
    vars: ["RATE_LIMIT_PER_MINUTE:100000", ...vars],
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
    },
  };
}

export interface Answer {
  status: number;
  body: any;
  text: string;
}

/** A signed-up user's JSON caller; answers are returned whatever their status. */
export async function signedIn(base: string) {
  const signup = await fetch(`${base}/api/v1/auth/user/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `ext-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
      password: "ext-password-123",
    }),
  });
  const { token } = (await signup.json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: { "xc-auth": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, body: json, text };
  };
  return Object.assign(call, { token });
}
