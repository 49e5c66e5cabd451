/**
 * Runs one statement on a connection of its own, without the app pool's 10 s statement timeout: creating or dropping
 * a database waits on the server (its checkpoint, the other sessions), which a busy machine can hold for longer.
 */
export async function runOnServer(connectionString: string, statement: string): Promise<void> {
  // Loaded only here: the PGlite run never needs the PostgreSQL client.
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
