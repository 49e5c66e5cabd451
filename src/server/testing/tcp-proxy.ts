import { once } from "node:events";
import { connect, createServer, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** The link breaks: open connections are reset and new ones refused at once, like a stopped server. */
  cut(): void;
  /** The link is back: new connections reach the target again. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A loopback TCP proxy in front of a server that other tests share (PostgreSQL, Redis): a test cuts the proxy
 * instead of stopping the server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the proxy has no port");
  return {
    port: address.port,
    cut() {
      cut = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
