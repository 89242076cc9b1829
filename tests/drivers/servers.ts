/**
 * Which database servers the driver suites can reach. Unreachable with CI unset (or not "true"):
 * the suite is skipped with a printed `skipping <name> driver tests: <reason>`. With CI=true the
 * missing server is an error. Each suite works in a scratch schema/database of its own.
 */
export const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const MYSQL_URL = process.env.MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
export const SCRATCH = "gridbase_test";

/** Runs `open`; its value when the server answers, null (skip) when it does not. */
export async function reach<T>(name: string, open: () => Promise<T>): Promise<T | null> {
  try {
    return await open();
  } catch (err) {
    const reason = err instanceof Error ? err.message || err.name : String(err);
    if (process.env.CI === "true") throw new Error(`${name} driver tests need a server (CI=true): ${reason}`);
    console.log(`skipping ${name} driver tests: ${reason}`);
    return null;
  }
}
