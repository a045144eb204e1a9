// One POST to a sandbox-only tool with the sandbox secret, shared by the `sandbox` verbs that ask
// a running sandbox (token, seed, the attendee tools): the answer's fields on success, one clear
// error otherwise. The sandbox serves each tool at /sandbox/TOOL (TOOL: `token`, `cancel-order`…).
import { BoxofficeError, ConnectionError, NotLoggedInError, UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../framework/context.js';
import { SANDBOX_SECRET_ENV, findSandboxSecret } from './secret.js';

export async function postToSandboxTool(url: string, tool: string, body: URLSearchParams, context: CommandContext): Promise<Record<string, unknown>> {
  const secret = findSandboxSecret(url, context.deps.env);
  const headers: Record<string, string> = secret.value === undefined ? {} : { authorization: `Bearer ${secret.value}` };
  let response: Response;
  try {
    response = await fetch(`${url}/sandbox/${tool}`, { method: 'POST', body, headers, signal: context.deps.signal });
  } catch (error) {
    throw new ConnectionError(`error: no sandbox answered at ${url} (is \`boxoffice sandbox start\` running?)`, error, false);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (answer.status === 'success') return answer;
  const code = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  const description = typeof answer.description === 'string' ? `: ${answer.description}` : '';
  if (response.status === 401 && answer.field === 'Authorization') {
    // Exit 3, like any refused credential; the message says where the secret was looked for.
    throw new NotLoggedInError(
      `error ${code}: the sandbox at ${url} refused the sandbox secret (from ${secret.source}); run this with the ` +
        `BOXOFFICE_DATA_DIR that \`boxoffice sandbox start\` used, or set ${SANDBOX_SECRET_ENV} to what ` +
        '`boxoffice sandbox start --print-secret` printed',
    );
  }
  if (code === 'E002') throw new UsageError(`error ${code}${description}`);
  throw new BoxofficeError(`error ${code}${description} (is ${url} a boxoffice sandbox?)`);
}
