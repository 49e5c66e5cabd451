import { once } from "node:events";
import { connect, createServer, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** The link breaks: open connections are reset and new ones refused at once, like a stopped server. */
  cut(): void;
  /** The link is back: new connections reach the target again. */
  restore(): void;
  close(): Promise<void>;
  /** Every byte the clients have sent into the proxy so far (what a phone's data plan pays for). */
  receivedBytes(): number;
  /**
   * Breaks every open connection once the clients have sent this many bytes in all (the rest of that chunk is lost),
   * as a signal that drops mid-upload; new connections go through again at once. Call once per drop.
   */
  dropAt(totalBytes: number): void;
  /** The drops asked for by dropAt() that have not happened yet. */
  dropsPending(): number;
};

/**
 * A loopback TCP proxy in front of a server that other tests share (PostgreSQL, Redis): a test cuts the proxy
 * instead of stopping the server. It counts what clients send, and can drop the connections at a byte count (resumable
 * uploads).
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  let received = 0;
  const dropPoints: number[] = [];
  const resetAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
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
    client.on("data", (chunk: Buffer) => {
      const before = received;
      received += chunk.length;
      const dropPoint = dropPoints[0];
      if (dropPoint !== undefined && received >= dropPoint) {
        dropPoints.shift();
        upstream.write(chunk.subarray(0, dropPoint - before));
        resetAll();
        return;
      }
      // Back-pressure: the client waits while the server's side is full.
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once("drain", () => client.resume());
      }
    });
    client.on("end", () => upstream.end());
    upstream.pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the proxy has no port");
  return {
    port: address.port,
    cut() {
      cut = true;
      resetAll();
    },
    restore() {
      cut = false;
    },
    receivedBytes: () => received,
    dropAt(totalBytes) {
      dropPoints.push(totalBytes);
      dropPoints.sort((a, b) => a - b);
    },
    dropsPending: () => dropPoints.length,
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
