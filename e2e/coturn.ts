import { type ChildProcess, spawn } from "node:child_process";
import { createSocket } from "node:dgram";

/** A STUN binding request: coturn answers it once it listens. */
function stunBindingRequest() {
  const message = Buffer.alloc(20);
  message.writeUInt16BE(0x0001, 0);
  message.writeUInt32BE(0x2112a442, 4);
  for (let index = 8; index < 20; index += 1) message[index] = Math.floor(Math.random() * 256);
  return message;
}

async function answersStun(port: number): Promise<boolean> {
  const socket = createSocket("udp4");
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.once("message", () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.send(stunBindingRequest(), port, "127.0.0.1");
    });
  } finally {
    socket.close();
  }
}

/**
 * coturn (Debian package `coturn`) on loopback with REST credentials, as the README runs it beside the site,
 * relaying between loopback addresses (only a test needs --allow-loopback-peers). Resolves once it answers STUN.
 */
export async function startCoturn({ port, secret }: { port: number; secret: string }): Promise<{ stop: () => Promise<void> }> {
  const relayPorts = 49_000 + (port % 100) * 10;
  const coturn: ChildProcess = spawn(
    "turnserver",
    [
      "-n",
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${port}`,
      `--min-port=${relayPorts}`,
      `--max-port=${relayPorts + 9}`,
      "--use-auth-secret",
      `--static-auth-secret=${secret}`,
      "--realm=crestbuild.test",
      "--allow-loopback-peers",
      "--no-cli",
      "--no-tls",
      "--no-dtls",
      `--pidfile=/tmp/crestbuild-e2e-turn-${port}.pid`,
      "--log-file=stdout",
      "--simple-log",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => coturn.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await answersStun(port))) {
    if (coturn.exitCode !== null || Date.now() > deadline) {
      coturn.kill();
      throw new Error(`coturn did not start on 127.0.0.1:${port} (apt-get install -y coturn)`);
    }
  }
  return {
    stop: async () => {
      coturn.kill();
      await exited;
    },
  };
}
