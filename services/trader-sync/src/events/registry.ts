import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import { onProfileUpdated, onRemoved, onUpserted } from './handlers/catalogue.handler.ts';
import { onUserDeleted } from './handlers/user-deleted.handler.ts';

/**
 * Events this service consumes, listed explicitly: the catalogue's companies (the brokers that
 * accounts can be bound at), identity's profile changes (usernames shown with accounts) and
 * deleted accounts, whose trading accounts and broker applications go with them.
 */
export function handlers(now: Clock): EventHandlers {
  return {
    'catalogue.company.upserted': onUpserted(now),
    'catalogue.company.removed': onRemoved(now),
    'identity.user.profile_updated': onProfileUpdated,
    'identity.user.deleted': onUserDeleted,
  };
}
