import { KeyStore } from '@swell/client';

let store: KeyStore | null = null;

/** The user's keys in local storage (nsec, or PIN-encrypted only). */
export function keys(): KeyStore {
  store ??= new KeyStore(localStorage);
  return store;
}
