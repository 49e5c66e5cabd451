/** The account and token a 'this wasn't me' link carries after its # (never sent to a server in a request line). */
export function readNotMeLink(hash: string): { userId: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const userId = params.get("user");
  const token = params.get("token");
  return userId && token ? { userId, token } : null;
}
