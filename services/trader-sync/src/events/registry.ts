import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import type { KeyRing } from '../domain/crypto.ts';
import { onProfileUpdated, onRemoved, onUpserted } from './handlers/catalogue.handler.ts';

/**
 * Events this service consumes, listed explicitly: the catalogue's companies (the brokers that
 * accounts can be bound at), identity's profile changes (usernames shown with accounts). In demo
 * mode a broker seen for the first time may get demo servers and accounts.
 */
export function handlers(now: Clock, opts: { demo: { keyring: KeyRing } | null }): EventHandlers {
  return {
    'catalogue.company.upserted': onUpserted(now, opts.demo),
    'catalogue.company.removed': onRemoved(now),
    'identity.user.profile_updated': onProfileUpdated,
  };
}
