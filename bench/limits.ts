// What the write limits add to one write: `npm run bench:limits`. Runs limitWrite (the member's
// budget and the address's, two upserts in rate-limits.db) the way every vote does, in this process,
// and prints the CPU time per call. CPU time, not wall time: it holds on a busy machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-limits-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.RATE_LIMIT = "10/60";
const { limitWrite } = await import("../app/integrations/rate-limit.server.ts");

const N = Number(process.env.BENCH_CALLS ?? 20_000);
// Distinct members and addresses, so no call is refused (a refusal is cheaper than a pass).
for (let i = 0; i < 2_000; i++) await limitWrite("toggle", { userId: 1_000_000 + i, ip: `10.1.${i % 250}.${i % 200}` });
const start = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await limitWrite("toggle", { userId: i + 1, ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
const cpu = process.cpuUsage(start);
const wallMs = performance.now() - t0;
const cpuMsPerWrite = (cpu.user + cpu.system) / 1000 / N;
console.log(JSON.stringify({ calls: N, cpuMsPerWrite: Number(cpuMsPerWrite.toFixed(4)), wallMsPerWrite: Number((wallMs / N).toFixed(4)), loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) }, null, 2));
console.log(cpuMsPerWrite < 0.1 ? "PASS: under 0.1 ms of CPU per write" : "OVER the 0.1 ms budget");
fs.rmSync(dir, { recursive: true, force: true });
