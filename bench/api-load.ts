import autocannon from "autocannon";

/** A signed-in API client's access token (password sign-in, no two-step). */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

export type LoadFigures = { requestsPerSecond: number; p99: number; errors: number };

/** GET requests as this token at `connections` for `seconds`; `pathOf(n)` names the n-th request's path. */
export async function measureGets(
  origin: string,
  token: string,
  options: { connections: number; seconds: number; pathOf: (n: number) => string },
): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, br" },
    requests: [{ setupRequest: (request) => ({ ...request, path: options.pathOf(next++) }) }],
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Each of these paths once, `connections` at a time, as this token: the rate, in requests per second. Before a
 * measurement, it is the first reading of each page that a server which has been up has already seen.
 */
export async function readEachOnce(origin: string, token: string, connections: number, paths: string[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let path = paths[next++]; path !== undefined; path = paths[next++]) {
      const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return paths.length / ((performance.now() - started) / 1000);
}
