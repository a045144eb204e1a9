// The sandbox's authorize form as a browser gets it: GET the page for these parameters and read
// the anti-forgery token its form carries, to post the form back without a browser.
export async function authorizeFormToken(baseUrl: string, params: Record<string, string>): Promise<string> {
  const response = await fetch(`${baseUrl}/a/account/oauth/authorize?${new URLSearchParams(params)}`);
  const html = await response.text();
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`the authorize page (HTTP ${response.status}) has no csrf_token: ${html.slice(0, 300)}`);
  return token;
}
