/**
 * The instance's switches (contract 3.2 app-settings), set by the super admin and kept in D1
 * `app_settings` as "true"/"false" text; a switch never set is off.
 * - invite_only_signup: only invited people can create an account;
 * - refuse_program_uploads: members' uploads refuse programs and scripts too (anonymous form
 *   uploads always do: file-types.ts). Off by default: downloads never run in the app's origin;
 * - require_two_factor: every user must set up two-factor sign-in (the super admin may also require
 *   it of one user: users.two_factor_required); a session made without it reaches only the set-up
 *   (lib/two-factor-due.ts) and the web sends it to the profile page (API tokens are unaffected).
 */
export const APP_SETTINGS = ["invite_only_signup", "refuse_program_uploads", "require_two_factor"] as const;
export type AppSettingKey = (typeof APP_SETTINGS)[number];
export type AppSettings = Partial<Record<AppSettingKey, boolean>>;

export async function readAppSettings(db: D1Database): Promise<AppSettings> {
  const { results } = await db
    .prepare(`SELECT key, value FROM app_settings WHERE key IN (${APP_SETTINGS.map(() => "?").join(", ")})`)
    .bind(...APP_SETTINGS)
    .all<{ key: AppSettingKey; value: string }>();
  return Object.fromEntries(results.map((r) => [r.key, r.value === "true" || r.value === "1"]));
}

export async function appSetting(db: D1Database, key: AppSettingKey): Promise<boolean> {
  const row = await db.prepare("SELECT value FROM app_settings WHERE key = ?").bind(key).first<{ value: string }>();
  return row?.value === "true" || row?.value === "1";
}

export async function saveAppSettings(db: D1Database, values: AppSettings) {
  const given = Object.entries(values).filter(([, v]) => v !== undefined);
  await db.batch(
    given.map(([key, value]) =>
      db
        .prepare(
          "INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .bind(key, String(value)),
    ),
  );
}
