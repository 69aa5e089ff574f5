import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32Key, deriveSecretKey, publicKeyHex } from './keys.ts';

/** A demo account whose keys are published (README, "Demo accounts"): anyone can log in as it. */
export interface DemoAccount {
  name: string;
  displayName: string;
  about: string;
  pubkey: string;
  npub: string;
  nsec: string;
  secretKeyHex: string;
}

const PEOPLE: Array<[string, string, string]> = [
  [
    'alice',
    'Alice',
    'Runs a lightning node in her kitchen. Photography, sourdough and long walks. ⚡',
  ],
  ['bob', 'Bob', 'Builder of small tools. TypeScript by day, bass guitar by night.'],
  ['carol', 'Carol', 'Writes long-form about money, history and networks. Coffee first.'],
  ['dave', 'Dave', 'Cyclist, mapmaker, occasional ramen chef.'],
  ['erin', 'Erin', 'Illustrator. Selling prints for sats. 🎨'],
  ['frank', 'Frank', 'Relay operator. Ask me about NIP-65.'],
  ['grace', 'Grace', 'Reads everything, highlights the best parts. 📚'],
  ['heidi', 'Heidi', 'Film photographer and hiker. Based in the mountains.'],
];

/** Demo keys come from the name alone, so they are the same for every seed and machine. */
export function demoSecretKey(name: string): Uint8Array {
  return deriveSecretKey(`demo-account:${name}`);
}

export const demoAccounts: DemoAccount[] = PEOPLE.map(([name, displayName, about]) => {
  const sk = demoSecretKey(name);
  const pubkey = publicKeyHex(sk);
  return {
    name,
    displayName,
    about,
    pubkey,
    npub: bech32Key('npub', pubkey),
    nsec: bech32Key('nsec', sk),
    secretKeyHex: bytesToHex(sk),
  };
});
