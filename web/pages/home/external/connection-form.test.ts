import { describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../../../db/external/config";
import { usesPlanetscale } from "../../../../db/external/open-driver";
import { fromPreset, fromUrl, paramsProblem, toConfig } from "./connection-form";

describe("connection form state", () => {
  it("fills the fields from a pasted URL", () => {
    const s = fromUrl("postgres://ann:pw@db.example.com:6543/shop?schema=sales&sslmode=require", fromPreset("pg"))!;
    expect(s).toMatchObject({
      client: "pg",
      host: "db.example.com",
      port: "6543",
      user: "ann",
      password: "pw",
      database: "shop",
      searchPath: "sales",
      ssl: "Required",
    });
    expect(fromUrl("not a url", fromPreset("pg"))).toBeNull();
  });
  it("uses the SPEC 9 presets", () => {
    expect(fromPreset("tidb")).toMatchObject({ client: "mysql2", port: "4000" });
    expect(fromPreset("vitess")).toMatchObject({ client: "vitess", port: "15306" });
    // The PlanetScale preset is sent as a config the server opens with the HTTP driver.
    const ps = toConfig({ ...fromPreset("planetscale"), user: "u", password: "pscale_pw_x", database: "shop" });
    expect(usesPlanetscale(parseSourceConfig(ps, false))).toBe(true);
    expect(fromPreset("pg")).toMatchObject({
      host: "localhost",
      user: "postgres",
      database: "_test",
      searchPath: "public",
    });
  });
  it("checks extra parameters", () => {
    expect(paramsProblem([{ key: "", value: "1" }])).toBe("msg.error.parameterKeyCannotBeEmpty");
    expect(
      paramsProblem([
        { key: "a", value: "1" },
        { key: "a", value: "2" },
      ]),
    ).toBe("msg.error.duplicateParameterKeysAreNotAllowed");
    expect(paramsProblem([{ key: "a", value: "1" }])).toBeNull();
  });
  it("sends SQL Server's schema when one is named, none for the login's default", () => {
    expect(fromPreset("mssql").searchPath).toBe("");
    expect(toConfig({ ...fromPreset("mssql"), host: "h", database: "shop" })).not.toHaveProperty("searchPath");
    const pasted = fromUrl("mssql://sa:pw@db.example.com:1433/shop?schema=sales", fromPreset("pg"))!;
    expect(pasted).toMatchObject({ client: "mssql", searchPath: "sales" });
    const cfg = parseSourceConfig(toConfig(pasted), false);
    expect(cfg).toMatchObject({ client: "mssql", database: "shop", schema: "sales" });
    // MySQL's schema is its database: no search path is sent.
    expect(toConfig({ ...fromPreset("mysql"), searchPath: "x" })).not.toHaveProperty("searchPath");
  });
  it("builds the base config", () => {
    const cfg = toConfig({ ...fromPreset("pg"), host: " h ", ssl: "Required-CA", ca: "CA" });
    expect(cfg).toMatchObject({
      client: "pg",
      connection: { host: "h", port: 5432, ssl: { mode: "Required-CA", ca: "CA" } },
      searchPath: ["public"],
    });
  });
});
