// One sandbox secret for every test sandbox of this test process, put in the environment so that
// `boxoffice sandbox token|seed` find it the way users' scripts do (BOXOFFICE_SANDBOX_SECRET):
// as child processes that inherit process.env, and in-process through runInProcess.
import { randomBytes } from 'node:crypto';

process.env.BOXOFFICE_SANDBOX_SECRET ||= `sbx_secret_test_${randomBytes(24).toString('base64url')}`;

export const TEST_SANDBOX_SECRET: string = process.env.BOXOFFICE_SANDBOX_SECRET;
