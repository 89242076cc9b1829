import { describe, expect, it } from "vitest";
import { parseSourceConfig } from "./config";
import { hyperdriveString } from "./hyperdrive";

const pg = (hyperdrive: unknown) =>
  parseSourceConfig(
    { client: "pg", connection: { host: "db.example.com", user: "u", password: "p", database: "shop", hyperdrive } },
    false,
  );

describe("Hyperdrive bases", () => {
  it("take hyperdrive: true as the HYPERDRIVE binding, or a binding's name, for PostgreSQL only", () => {
    expect(pg(true).hyperdrive).toBe("HYPERDRIVE");
    expect(pg("SHOP_DB").hyperdrive).toBe("SHOP_DB");
    expect(pg(undefined).hyperdrive).toBeUndefined();
    // Not taken for an extra connection parameter.
    expect(pg(true).params).toEqual({});
    expect(() => pg("no such-name")).toThrow(/hyperdrive must be true or the name/);
    expect(() =>
      parseSourceConfig(
        { client: "mysql2", connection: { host: "db.example.com", user: "u", database: "shop", hyperdrive: true } },
        false,
      ),
    ).toThrow(/only PostgreSQL/);
  });

  it("connect through the binding's connection string, and say so when the Worker has no such binding", () => {
    expect(
      hyperdriveString(pg(true), { HYPERDRIVE: { connectionString: "postgresql://u:p@hd.local:5432/shop" } }),
    ).toBe("postgresql://u:p@hd.local:5432/shop");
    expect(hyperdriveString(pg(undefined), { HYPERDRIVE: { connectionString: "x" } })).toBeUndefined();
    expect(() => hyperdriveString(pg("SHOP_DB"), { HYPERDRIVE: { connectionString: "x" } })).toThrow(
      /no Hyperdrive binding named SHOP_DB/,
    );
  });
});
