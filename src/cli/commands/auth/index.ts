import type { RegisterCommand } from '../summaries.js';
import { registerAuthLogin } from './login.js';
import { registerAuthLogout } from './logout.js';
import { registerAuthStatus } from './status.js';

export const registerAuthCommands: RegisterCommand = (program, context) => {
  for (const register of [registerAuthLogin, registerAuthLogout, registerAuthStatus]) register(program, context);
};
