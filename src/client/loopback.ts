// Plain http may carry a credential only to this machine (reference §5; RFC 8252 §7.3). The one
// rule, for the client's transport and the CLI's check of a profile's addresses.

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/**
 * True for `localhost`, `::1` and 127.0.0.0/8. Not for `*.localhost` names: RFC 6761 asks
 * resolvers to map them to loopback, but the system resolver Node uses need not (glibc passes
 * them to DNS), so a token sent there in clear could leave the machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || LOOPBACK_V4.test(host);
}
