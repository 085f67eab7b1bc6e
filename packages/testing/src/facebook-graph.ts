import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FacebookUser {
  id: string;
  name: string;
  email?: string;
}

export interface OwnFacebookGraph {
  /** FACEBOOK_GRAPH_URL for the identity service. */
  url: string;
  /** Access token → the person the Graph API vouches for; tokens not in it are invalid. */
  users: Map<string, FacebookUser>;
  close(): Promise<void>;
}

/**
 * A stand-in for the two Graph API endpoints identity's Facebook verifier calls (`/debug_token`,
 * `/me`), answering for `appId`; tests sign people in with the tokens they put in `users`.
 */
export async function startFacebookGraph(appId: string): Promise<OwnFacebookGraph> {
  const users = new Map<string, FacebookUser>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/debug_token') {
      const user = users.get(url.searchParams.get('input_token') ?? '');
      return send(200, { data: user ? { is_valid: true, app_id: appId, type: 'USER', expires_at: 0, user_id: user.id } : { is_valid: false } });
    }
    if (url.pathname === '/me') {
      const user = users.get(url.searchParams.get('access_token') ?? '');
      return user ? send(200, user) : send(400, { error: { message: 'bad token' } });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    users,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
