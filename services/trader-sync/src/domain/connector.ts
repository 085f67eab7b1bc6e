import type { Deal } from './deal.ts';

/** What the domain needs to read an account through a bridge (docs/bridge-protocol.md). */
export interface ConnectorTarget {
  bridgeUrl: string;
  server: string;
  login: string;
  /** The read-only password, decrypted for this call only. */
  password: string;
  requestId?: string | undefined;
}

export interface AccountSummary {
  name: string;
  currency: string;
  leverage: number | null;
  balance: number;
  equity: number;
  live: boolean;
}

export interface DealPage {
  deals: Deal[];
  nextCursor: string;
  hasMore: boolean;
}

export type ConnectorErrorCode = 'invalid_credentials' | 'account_not_found' | 'unavailable' | 'timeout' | 'bad_response' | 'bad_cursor';

/** A bridge refused or failed; `code` is what the owner sees as the sync state's reason. */
export class ConnectorError extends Error {
  readonly code: ConnectorErrorCode;
  constructor(code: ConnectorErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConnectorError';
    this.code = code;
  }
}

export const isConnectorError = (err: unknown): err is ConnectorError => err instanceof Error && err.name === 'ConnectorError' && 'code' in err;

/** A source of account data; one implementation speaks the HTTP bridge protocol. */
export interface Connector {
  summary(target: ConnectorTarget, signal: AbortSignal): Promise<AccountSummary>;
  deals(target: ConnectorTarget, cursor: string | null, limit: number, signal: AbortSignal): Promise<DealPage>;
}
