// Requests pinned to known workers of a WORKERS=N server. A lane is one kept-alive connection; the
// cluster's primary hands each new connection to a worker and every request on it goes to that
// worker, whose pid /healthz tells on the lane's first request. A test that spreads its users over
// lanes of different workers knows that several processes served them, and which one served what.
import http from "node:http";
import type { Socket } from "node:net";

export type LaneRequest = { method: string; headers: Record<string, string>; body?: string };

export class Lane {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private socket: Socket | undefined;
  pid = 0;
  /** Requests answered on this lane (after the probe). */
  served = 0;

  constructor(private readonly base: URL) {}

  /** Opens the connection and learns which process answers on it. */
  async open() {
    const res = await this.send("/healthz", { method: "GET", headers: {} });
    this.pid = ((await res.json()) as { pid: number }).pid;
    this.served = 0;
  }

  /** One request on this lane's connection; fails if the connection was replaced (its worker unknown). */
  send(path: string, { method, headers, body }: LaneRequest): Promise<Response> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            if (req.socket !== this.socket) return reject(new Error(`lane of worker ${this.pid}: the connection was replaced`));
            this.served++;
            const answer = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
            const status = res.statusCode ?? 0;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      req.once("socket", (socket: Socket) => {
        this.socket ??= socket;
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

export type Lanes = {
  /** The lane for the `i`-th user: users alternate between workers (i % workers). */
  for: (i: number) => Lane;
  /** The pids that answered requests after the probes, with how many each. */
  servedBy: () => Map<number, number>;
  close: () => void;
};

/**
 * Opens `count` lanes to a server of `workers` processes and groups them by worker; throws if
 * fewer than `workers` processes took a connection (then the test could not show what it claims).
 */
export async function openLanes(url: string, { count, workers }: { count: number; workers: number }): Promise<Lanes> {
  const base = new URL(url);
  const all: Lane[] = [];
  // One at a time, each connection kept open: the primary deals them out in turn.
  for (let i = 0; i < count; i++) {
    const lane = new Lane(base);
    await lane.open();
    all.push(lane);
  }
  const groups = new Map<number, Lane[]>();
  for (const lane of all) groups.set(lane.pid, [...(groups.get(lane.pid) ?? []), lane]);
  const byWorker = [...groups.values()];
  if (byWorker.length !== workers) {
    for (const lane of all) lane.close();
    throw new Error(`expected ${workers} workers to take connections, got pids ${byWorker.map((g) => g[0].pid).join(", ")}`);
  }
  return {
    for: (i) => {
      const group = byWorker[i % workers];
      return group[Math.floor(i / workers) % group.length];
    },
    servedBy: () => {
      const served = new Map<number, number>();
      for (const lane of all) if (lane.served) served.set(lane.pid, (served.get(lane.pid) ?? 0) + lane.served);
      return served;
    },
    close: () => {
      for (const lane of all) lane.close();
    },
  };
}
