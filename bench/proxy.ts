import { createServer, request } from "node:http";
import { connect } from "node:net";

/**
 * A small round-robin reverse proxy for the benchmarks, in front of several instances on loopback: each HTTP
 * request and each WebSocket upgrade goes to the next instance, with X-Forwarded-For as a load balancer adds it.
 * Not for production (use nginx or Caddy: README, Production and scale-out).
 */
export async function startRoundRobinProxy(port: number, upstreamPorts: number[]): Promise<{ origin: string; close: () => void }> {
  let next = 0;
  const pick = () => upstreamPorts[next++ % upstreamPorts.length] ?? 0;
  const forwardedFor = (existing: string | string[] | undefined, address: string | undefined) =>
    [existing, address].flat().filter(Boolean).join(", ");

  const server = createServer((incoming, answer) => {
    const headers = {
      ...incoming.headers,
      "x-forwarded-for": forwardedFor(incoming.headers["x-forwarded-for"], incoming.socket.remoteAddress),
    };
    const upstream = request({ host: "127.0.0.1", port: pick(), method: incoming.method, path: incoming.url, headers }, (response) => {
      answer.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(answer);
    });
    upstream.on("error", () => {
      if (!answer.headersSent) answer.writeHead(502);
      answer.end();
    });
    incoming.pipe(upstream);
  });

  // Longer than the clients' idle keep-alive (Node's 5 s default races fetch's 4 s: a request sent on a connection
  // the proxy is closing fails with no answer), as load balancers do.
  server.keepAliveTimeout = 75_000;

  // A WebSocket upgrade: the raw request is replayed to the chosen instance, then bytes flow both ways.
  server.on("upgrade", (incoming, socket, head) => {
    const upstream = connect(pick(), "127.0.0.1", () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      lines.push(`X-Forwarded-For: ${forwardedFor(undefined, incoming.socket.remoteAddress)}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on("error", end);
    socket.on("error", end);
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
