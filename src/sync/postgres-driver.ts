// The PostgreSQL destination, through `pg` (loaded only for a postgres:// --to). One connection;
// each transaction takes a transaction-level advisory lock so that two runs never interleave
// their steps, and a run holds a session-level one for its whole length; both are keyed by the
// schema that holds the tables, so runs into two schemas of one database do not wait for each other.
import { ConnectionError } from '../client/errors.js';
import { inTransaction, type SqlValue, type SyncDatabase } from './destination.js';

/** Advisory lock keys (any constant pair; "bo" "sy"). */
const RUN_LOCK = 0x626f7379;
const STEP_LOCK = 0x626f7374;

/** `?` placeholders → $1, $2, … (the SQL of src/sync has no `?` inside literals). */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/** The first schema a search_path names ('"My schema", public' → My schema), but "$user". */
function firstSchemaOf(searchPath: string): string | undefined {
  const first = searchPath.split(',')[0].trim();
  const name = first.startsWith('"') ? first.slice(1, -1).replace(/""/g, '"') : first;
  return name === '' || name === '$user' ? undefined : name;
}

/**
 * `schema` (else the first of the URL's search_path, when it does not exist yet: PostgreSQL would
 * then have nowhere to create a table) is created if absent and holds every table.
 */
export async function openPostgres(url: string, label: string, schema?: string): Promise<SyncDatabase> {
  const { default: pg } = await import('pg');
  // BIGINT comes back as text by default; the counters here fit in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a dropped connection surfaces at the next query
  try {
    await client.connect();
  } catch (error) {
    throw new ConnectionError(`error: cannot connect to ${label} (${(error as Error).message})`, error, false);
  }
  const query = async <T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> => (await client.query(numbered(sql), params as SqlValue[])).rows as T[];
  try {
    const [current] = await query<{ schema: string | null; path: string }>(`SELECT current_schema() AS schema, current_setting('search_path') AS path`);
    const wanted = schema ?? (current.schema === null ? firstSchemaOf(current.path) : undefined);
    if (wanted !== undefined) {
      const present = await query(`SELECT 1 FROM pg_namespace WHERE nspname = ?`, [wanted]);
      if (present.length === 0) await query(`CREATE SCHEMA IF NOT EXISTS ${client.escapeIdentifier(wanted)}`);
      if (schema !== undefined) await query(`SET search_path TO ${client.escapeIdentifier(wanted)}`);
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    dialect: 'postgres',
    label,
    run: async (sql, params) => {
      await query(sql, params);
    },
    all: query,
    transaction: (work) =>
      inTransaction(
        (sql) => client.query(sql),
        'BEGIN',
        async () => {
          await client.query(`SELECT pg_advisory_xact_lock(${STEP_LOCK}, hashtext(current_schema()))`);
          return work();
        },
      ),
    lockRuns: async () => {
      const [row] = await query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${RUN_LOCK}, hashtext(current_schema())) AS locked`);
      return row.locked;
    },
    close: async () => {
      await client.end().catch(() => undefined);
    },
  };
}
