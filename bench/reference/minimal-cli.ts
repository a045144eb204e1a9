// The least a one-request command can be built of with the CLI's own libraries, measured by the
// start-up benchmark beside `boxoffice event get` (a reference, without a target): commander reads
// the words, the profile comes from the config file, node:http sends the request (its multipart
// body written out here, one field), zod checks the answer, and the event is printed as lines.
// Nothing else: no error handling but a throw, no output modes, no retries. With --unchecked the
// answer is printed as it came, and zod is never loaded: what commander and node:http cost alone.
//   node cached-run.cjs minimal-cli.cjs --profile NAME [--unchecked] event get ID
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Command } from 'commander';

interface EventAnswer {
  event: { id: string; name: string; url: string; eventStatus: string; startDate: { date: string }; endDate: { date: string } };
}

function postField(url: URL, token: string, name: string, value: string): Promise<unknown> {
  const boundary = 'boxofficeReference';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text)));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const program = new Command('boxoffice').option('--profile <name>', 'saved profile to use').option('--unchecked', 'print the answer unchecked');
program
  .command('event')
  .command('get <id>')
  .action(async (id: string) => {
    const config = JSON.parse(readFileSync(join(process.env.BOXOFFICE_CONFIG_DIR ?? '.', 'config.json'), 'utf8'));
    const profile = config.profiles[program.opts().profile];
    const answer = await postField(new URL('/api/e/get-event', profile.apiUrl), profile.token, 'eventId', id);
    const { event } = program.opts().unchecked ? (answer as EventAnswer) : (await import('./event-answer.js')).checkEventAnswer(answer);
    const lines = [
      `id\t${event.id}`,
      `title\t${event.name}`,
      `url\t${event.url}`,
      `start\t${event.startDate.date}`,
      `end\t${event.endDate.date}`,
      `status\t${event.eventStatus}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
void program.parseAsync(process.argv);
