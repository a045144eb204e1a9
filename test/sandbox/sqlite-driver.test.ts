// The project's SQLite connection (src/util/sqlite.ts, over node:sqlite) on the Node line running
// the tests: the behaviours the sandbox and the sync rely on, node:sqlite's experimental warning
// dropped for that module alone, and a sandbox process that survives 5,000 seeded orders and
// their export.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { isSqliteExperimentalWarning, openSqlite, type SqliteDatabase } from '../../src/util/sqlite.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'boxoffice.js');
const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-sqlite-driver-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the experimental warning of node:sqlite', () => {
  it('is told apart from every other warning', () => {
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning')).toBe(true);
    const warning = Object.assign(new Error('SQLite is an experimental feature and might change at any time'), { name: 'ExperimentalWarning' });
    expect(isSqliteExperimentalWarning(warning, undefined)).toBe(true);
    expect(isSqliteExperimentalWarning('VM Modules is an experimental feature', 'ExperimentalWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature', 'DeprecationWarning')).toBe(false);
  });

  it('is dropped when the module loads node:sqlite, and every other warning of the process still reaches stderr', () => {
    const module = join(scratch, 'sqlite.mjs');
    writeFileSync(module, transformSync(readFileSync(join(ROOT, 'src', 'util', 'sqlite.ts'), 'utf8'), { loader: 'ts', format: 'esm' }).code);
    const script = `const { openSqlite } = await import(${JSON.stringify(module)}); openSqlite(':memory:').close(); process.emitWarning('still here', 'ExperimentalWarning');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/ExperimentalWarning: still here/);
    expect(run.stderr).not.toMatch(/SQLite/);
  });
});

describe(`the SQLite connection on Node ${process.versions.node}`, () => {
  function fresh(): SqliteDatabase {
    const db = openSqlite(':memory:');
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size INTEGER)');
    return db;
  }
  const names = (db: SqliteDatabase) => (db.prepare('SELECT name FROM items ORDER BY id').all() as { name: string }[]).map((row) => row.name);

  it('binds positional values and @name values from an object, ignoring keys the SQL does not name', () => {
    const db = fresh();
    const insert = db.prepare('INSERT INTO items (name, size) VALUES (@name, @size)');
    const result = insert.run({ name: 'a', size: 1, unused: 'x' });
    expect(Number(result.lastInsertRowid)).toBe(1);
    expect(result.changes).toBe(1);
    db.prepare('INSERT INTO items (name, size) VALUES (?, ?)').run('b', null);
    expect(db.prepare('SELECT name, size FROM items WHERE id = ?').get(2)).toEqual({ name: 'b', size: null });
    expect(db.prepare('SELECT name FROM items WHERE id = ?').get(9)).toBeUndefined();
    expect([...db.prepare('SELECT id FROM items ORDER BY id').iterate()]).toEqual([{ id: 1 }, { id: 2 }]);
    db.close();
  });

  it('commits a transaction, rolls it back when it throws, and nests one as a savepoint', () => {
    const db = fresh();
    const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
    expect(db.transaction((name: string) => Number(insert.run(name).lastInsertRowid))('kept')).toBe(1);
    expect(() =>
      db.transaction(() => {
        insert.run('dropped');
        insert.run('kept');
      })(),
    ).toThrow(/UNIQUE/);
    db.transaction(() => {
      insert.run('outer');
      expect(() =>
        db.transaction(() => {
          insert.run('inner');
          throw new Error('inner fails');
        })(),
      ).toThrow('inner fails');
    })();
    expect(names(db)).toEqual(['kept', 'outer']);
    db.close();
  });

  it('reads and sets pragmas, with `simple` giving the first value', () => {
    const db = fresh();
    db.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('user_version')).toEqual([{ user_version: 7 }]);
    db.close();
  });
});

describe('a sandbox process with 5,000 seeded orders, exported', () => {
  it('serves the export and stops cleanly (no native abort)', { timeout: 300_000 }, async () => {
    const secret = 'sbx_secret_sqlite-driver-test-0001';
    const env = {
      ...process.env,
      BOXOFFICE_SANDBOX_SECRET: secret,
      BOXOFFICE_CONFIG_DIR: join(scratch, 'config'),
      BOXOFFICE_DATA_DIR: join(scratch, 'data'),
      CI: 'true',
    };
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--db', join(scratch, 'sandbox.db')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      void exited.then(({ code, signal }) => reject(new Error(`sandbox start ended (${code ?? signal}) before listening: ${stderr}`)));
    });
    const url = firstLine.replace(/^listening on /, '');
    const run = (args: string[], extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...env, BOXOFFICE_API_URL: url, ...extra } });

    const seeded = run(['sandbox', 'seed', '--orders', '5000']);
    expect(seeded.stderr).not.toMatch(/Assertion|abort|ExperimentalWarning/i);
    expect(seeded.status).toBe(0);
    const eventId = seeded.stdout.trim();
    const token = run(['sandbox', 'token', '--role', 'admin']).stdout.trim();
    const file = join(scratch, 'attendees.csv');
    const exported = run(['attendees', 'export', eventId, '-o', file], { BOXOFFICE_TOKEN: token });
    expect(exported.status, exported.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThan(5_000);
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr).not.toMatch(/Assertion failed|ExperimentalWarning/);
  });
});
