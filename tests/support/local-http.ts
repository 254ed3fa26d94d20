// A node:http server on a free local port, for tests of the server's own pieces (the adapter, its writer).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type LocalServer = { server: http.Server; base: string; close: () => Promise<void> };

/** Listens with `handler` on 127.0.0.1; `close` also ends kept-alive connections. */
export async function listenLocally(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
