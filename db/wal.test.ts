// The -wal file stays bounded: after a burst that a long reader made grow, a checkpoint and the next
// write cut it back to the size limit instead of keeping its high-water mark.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-wal-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the write-ahead log", () => {
  it("is cut back to 16 MB after a checkpoint, whatever it grew to", () => {
    const file = path.join(dir, "wal.db");
    const db = openDatabase(file).$client;
    db.exec("CREATE TABLE blobs (b BLOB)");
    // A reader holding an old snapshot keeps the WAL from being reused while 32 MB are written.
    const reader = new Database(file);
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) FROM blobs").get();
    const insert = db.prepare("INSERT INTO blobs VALUES (randomblob(1024 * 1024))");
    for (let i = 0; i < 32; i++) insert.run();
    const walSize = () => fs.statSync(`${file}-wal`).size;
    expect(walSize()).toBeGreaterThan(32 * 1024 * 1024);

    reader.exec("COMMIT");
    reader.close();
    db.pragma("wal_checkpoint(PASSIVE)");
    db.prepare("DELETE FROM blobs WHERE rowid = 1").run();
    expect(walSize()).toBeLessThanOrEqual(16 * 1024 * 1024);
    db.close();
  });
});
