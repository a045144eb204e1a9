// A throwaway PostgreSQL cluster for tests: initdb in a fresh temporary directory, started with
// pg_ctl on a free loopback port (no Unix socket outside the directory), stopped and removed by
// close(). The server binaries come from Debian's `postgresql` package
// (/usr/lib/postgresql/VERSION/bin). initdb refuses to run as root, so under root the cluster is
// created and run as the `postgres` user (runuser), in a directory that user owns.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** postgres://… for the superuser `boxoffice` (trust authentication on 127.0.0.1). */
  url: string;
  port: number;
  close(): Promise<void>;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin directory, or undefined when none is installed. */
function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? undefined : join(POSTGRES_ROOT, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error(`no PostgreSQL server under ${POSTGRES_ROOT}/*/bin (apt-get install postgresql)`);
  const asRoot = process.getuid?.() === 0;
  const directory = mkdtempSync(join(tmpdir(), 'boxoffice-pg-'));
  const data = join(directory, 'data');
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(directory, uid, gid);
    chmodSync(directory, 0o700);
  }
  const run = (program: string, args: string[]): void => {
    const command = asRoot ? (['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] as const) : ([join(bin, program), args] as const);
    execFileSync(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'], cwd: directory });
  };
  run('initdb', ['-D', data, '-U', 'boxoffice', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  let port = 0;
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        join(directory, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${directory} -c fsync=off -c full_page_writes=off`,
        'start',
      ]);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  return {
    url: `postgres://boxoffice@127.0.0.1:${port}/postgres`,
    port,
    close: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
