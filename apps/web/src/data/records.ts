import { UserRecordStore } from '@swell/client';

let store: UserRecordStore | null = null;

/** Per-user local records (spec section 3), one key per public key; guests share one. */
export function records(): UserRecordStore {
  store ??= new UserRecordStore(localStorage);
  return store;
}
