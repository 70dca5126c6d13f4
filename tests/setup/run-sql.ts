import pg from "pg";

/** Runs one statement on a PostgreSQL server over a connection of its own (create or drop a database). */
export async function runSql(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
