/**
 * Stored user info (spec §3: kept in localStorage and the session). The accounts work fills it;
 * the API client needs only to clear it when a response ends the session (codes 402, 302, 409).
 */
export const USER_INFO_KEY = 'userInfo';

interface RemovableStorage {
  removeItem(key: string): void;
}

export function clearStoredUser(storages: RemovableStorage[] = browserStorages()): void {
  for (const storage of storages) {
    try {
      storage.removeItem(USER_INFO_KEY);
    } catch {
      // Storage can throw when disabled; there is nothing stored to clear then.
    }
  }
}

function browserStorages(): RemovableStorage[] {
  if (typeof window === 'undefined') return [];
  return [window.localStorage, window.sessionStorage];
}
