// Every Vitest worker gets its own real SQLite file, migrated with the real migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-unit-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.RATE_LIMIT ??= "off";

const { getDb, migrate, closeDb } = await import("#db/client.server.ts");
migrate(getDb());

afterAll(() => {
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
