// The PostgreSQL destination, through `pg` (loaded only for a postgres:// --to). One connection;
// each transaction takes a transaction-level advisory lock so that two runs never interleave
// their steps, and a run holds a session-level one for its whole length.
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

export async function openPostgres(url: string, label: string): Promise<SyncDatabase> {
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
          await client.query(`SELECT pg_advisory_xact_lock(${STEP_LOCK})`);
          return work();
        },
      ),
    lockRuns: async () => {
      const [row] = await query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${RUN_LOCK}) AS locked`);
      return row.locked;
    },
    close: async () => {
      await client.end().catch(() => undefined);
    },
  };
}
