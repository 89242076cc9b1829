import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { newId } from "../../db/ids";
import type { ProjectRole } from "../../db/acl/roles";
import type { Env } from "../../realtime/env";
import type { ProjectRoom } from "../../realtime/project-room";
import worker from "../../functions/index";
import { signSessionToken } from "../../functions/lib/jwt";
import { formStartToken } from "../../functions/resources/public/shared-view/gate";

/** Background work of the Worker's requests: left to run, as workerd does, and its failures printed. */
const backgroundCtx = {
  waitUntil: (work: Promise<unknown>) => void work.catch((err) => console.error("waitUntil:", err)),
  passThroughOnException: () => {},
  props: {},
} as unknown as ExecutionContext;

/**
 * One request into the Worker, through its exported handler, with the test's bindings (real D1,
 * Durable Objects and R2 in workerd). Not through `exports.default.fetch`: under the vitest pool
 * every such call costs more than the one before (cloudflare/workers-sdk#15446: a health check went
 * from 6 ms to 185 ms per request after 1,200 of them, and a file making 2,000 requests took 750 s).
 * Socket upgrades (realtime.test.ts) still go through `exports.default`.
 */
/** A project's room as its class, for tests that run inside it (`runInDurableObject`). */
export function roomStub(projectId: string): DurableObjectStub<ProjectRoom> {
  return env.PROJECT.get(env.PROJECT.idFromName(projectId)) as DurableObjectStub<ProjectRoom>;
}

export function workerFetch(request: Request): Promise<Response> {
  return worker.fetch(request, env as unknown as Env, backgroundCtx);
}

/** Calls the Worker as a browser would; `token` becomes the xc-auth header. */
export async function api(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers["xc-auth"] = opts.token;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await workerFetch(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
      redirect: "manual",
    }),
  );
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

export interface TestUser {
  id: string;
  email: string;
  roles: string;
  token: string;
}

/** A user inserted straight into D1 with a session token (for tests about roles, not sign-up). */
export async function seedUser(roles: string, email = `${newId("us_")}@example.com`): Promise<TestUser> {
  const id = newId("us_");
  const ts = new Date().toISOString();
  await env.META.prepare(
    "INSERT INTO users (id, email, roles, token_version, created_at, updated_at) VALUES (?, ?, ?, 'v1', ?, ?)",
  )
    .bind(id, email, roles, ts, ts)
    .run();
  const token = await signSessionToken(env, { id, email, firstname: null, lastname: null, roles, token_version: "v1" });
  return { id, email, roles, token };
}

/** A project with the given members, inserted straight into D1. */
export async function seedProject(
  members: Array<[TestUser, ProjectRole]>,
  title = `P ${newId("p_")}`,
): Promise<string> {
  const id = newId("p_");
  const ts = new Date().toISOString();
  const owner = members.find(([, r]) => r === "owner")?.[0];
  await env.META.batch([
    env.META.prepare(
      "INSERT INTO projects (id, title, meta, created_by, created_at, updated_at) VALUES (?, ?, '{}', ?, ?, ?)",
    ).bind(id, title, owner?.id ?? null, ts, ts),
    ...members.map(([user, role]) =>
      env.META.prepare(
        "INSERT INTO project_users (project_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(id, user.id, role, ts, ts),
    ),
  ]);
  return id;
}

/**
 * The start token header of a shared form's submission, as a visitor has it who opened the form
 * ten seconds ago (the gate refuses sooner than the minimum fill time, and each token once).
 */
export async function formStartHeader(uuid: string, bindings: object = env): Promise<Record<string, string>> {
  return { "xc-form-start": await formStartToken(bindings as Env, uuid, Date.now() - 10_000) };
}

/** A caller as `user` for a test's set-up: every answer must succeed, and its body is answered. */
export function succeeding(user: TestUser) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, { token: user.token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
}

/** Runs `fn` inside the project's room (its store: what the rules made, a scan to compare with). */
export const inRoom = <T>(projectId: string, fn: (room: ProjectRoom) => T) =>
  runInDurableObject(roomStub(projectId), (room: ProjectRoom) => fn(room));
