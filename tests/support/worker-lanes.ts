// Requests pinned to known workers of a WORKERS=N server. A lane is one kept-alive connection; the
// cluster's primary hands each new connection to a worker and every request on it goes to that
// worker, whose pid /healthz tells on the lane's first request. A test that spreads its users over
// lanes of different workers knows that several processes served them, and which one served what.
import http from "node:http";
import type { Socket } from "node:net";

export type LaneRequest = { method: string; headers: Record<string, string>; body?: string };

export class Lane {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private socket: Socket | undefined;
  pid = 0;
  /** Requests answered on this lane (after the probe). */
  served = 0;

  constructor(private readonly base: URL) {}

  /** Opens the connection and learns which process answers on it. */
  async open() {
    this.pid = await this.probe();
    this.served = 0;
  }

  private async probe(): Promise<number> {
    const res = await this.exchange("/healthz", { method: "GET", headers: {} });
    return ((await res.json()) as { pid: number }).pid;
  }

  /**
   * A new connection to the same worker, after the server closed an idle one (its keep-alive
   * timeout): the primary deals connections out in turn, so a few tries reach the worker again.
   */
  private async reconnect() {
    for (let attempt = 0; attempt < 20; attempt++) {
      this.agent.destroy();
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      this.socket = undefined;
      if ((await this.probe()) === this.pid) return;
    }
    throw new Error(`lane of worker ${this.pid}: no new connection reached that worker`);
  }

  /**
   * One request on a connection to this lane's worker. A connection the server closed while idle is
   * replaced first; a request it refused by closing before answering is sent again once.
   */
  async send(path: string, request: LaneRequest): Promise<Response> {
    if (!this.socket || this.socket.destroyed) await this.reconnect();
    try {
      return await this.exchange(path, request);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET" && !this.socket?.destroyed) throw error;
      await this.reconnect();
      return this.exchange(path, request);
    }
  }

  private exchange(path: string, { method, headers, body }: LaneRequest): Promise<Response> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            // Every answer after the probe must come from the connection the probe learned the pid on.
            if (path !== "/healthz" && req.socket !== this.socket) return reject(new Error(`lane of worker ${this.pid}: the connection was replaced`));
            if (path !== "/healthz") this.served++;
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
