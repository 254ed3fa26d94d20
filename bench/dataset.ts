// The large dataset the benches share (db/generate-large.ts): bench/.data/large.db, made once
// (`--regen` on the command line makes it again), and a copy of it for a run to write to.
import fs from "node:fs";
import path from "node:path";
import { generateLarge, type LargeDatasetInfo } from "../db/generate-large.ts";
import { log, ROOT } from "./serve.ts";

export const DATA = path.join(ROOT, "bench/.data");
export const DB_FILE = path.join(DATA, "large.db");

export function dataset(): LargeDatasetInfo {
  const infoFile = `${DB_FILE}.json`;
  if (!process.argv.includes("--regen") && fs.existsSync(DB_FILE) && fs.existsSync(infoFile)) {
    return JSON.parse(fs.readFileSync(infoFile, "utf8"));
  }
  fs.mkdirSync(DATA, { recursive: true });
  log("Generating the large dataset …");
  const info = generateLarge({ file: DB_FILE });
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  log(`… ${info.posts} posts, ${info.votes} votes, ${info.comments} comments, ${info.users} users in ${info.seconds} s`);
  return info;
}

/** A fresh copy of the dataset at `file` (its WAL and shared memory gone), for a run to write to. */
export function copyDataset(file: string) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(DB_FILE, file);
}
