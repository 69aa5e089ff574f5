import { ClientError } from '../errors.ts';
import {
  isPinEncrypted,
  isPubkey,
  keyStorageKeys,
  remoteSignerStorageKey,
} from '../keys/key-names.ts';
import {
  dropAccount,
  readAccounts,
  readSlots,
  recordSignIn,
  summaries,
  swapIn,
  writeSlots,
  type AccountOpenState,
  type AccountSource,
  type AccountSummary,
  type Slots,
} from './accounts.ts';
import type { NostrConnectOptions, NostrConnectPairing } from '../signers/nostr-connect.ts';
import type { LoginSource, SessionLoginState } from '../signers/resolve-login.ts';
import type { Signer, SignerType } from '../signers/signer.ts';
import { ValueStore, type Observable } from '../store.ts';
import type * as LoginFlows from './login-flows.ts';
import type { LoginFlowsOptions } from './login-flows.ts';

export interface SessionSnapshot {
  /** The user's public key (the stored one at once), or null for a guest. */
  pubkey: string | null;
  source: LoginSource;
  /** A PIN-protected key is stored and waits for the PIN. */
  needsPin: boolean;
  signerType: SignerType | null;
  /**
   * `none`: nobody can sign (guest, read-only, locked key); otherwise the signer's state. A
   * remote signer shows `disconnected` while its relays are down or it does not answer.
   */
  signer: 'none' | 'connecting' | 'ready' | 'disconnected';
  signerError?: string;
  /** The remote signer asks the user to approve in another window. */
  authUrl?: string;
  /** The remote signer has not answered a request for a few seconds (it still may). */
  signerSlow?: boolean;
  /** True while a signer is present (it may still be disconnected). */
  canSign: boolean;
  /** False until the login sequence ran once, or the user signed in. */
  resolved: boolean;
  /** The accounts on this device, the one in use among them, most recently used first. */
  accounts: AccountSummary[];
  /** The extension holds another key than the account in use (it is open read-only). */
  notice?: 'extension-key-changed';
  /**
   * The user signed in in this tab just now (login dialog, new account), as opposed to a session
   * restored on page load: work that makes a signer prompt (settings sync) may ask now.
   */
  signedInHere: boolean;
}

export type SessionOptions = LoginFlowsOptions & {
  /** Loads the sign-in code; the default is a dynamic import (a separate chunk in the app). */
  loadLogin?: () => Promise<typeof LoginFlows>;
};

/**
 * Who uses the app, and who signs for them (spec section 4 "Login"). Light on purpose: it reads
 * the stored public key synchronously, so the first screen (and its feed) starts with the user's
 * key before any signer is resolved; the sign-in code loads on first need. The login sequence
 * (`start`) runs once; a sign-in made meanwhile wins over it (a slow extension check finishing
 * after the user set a PIN can no longer sign them out), and a sign-in made before it makes it
 * a no-op. Observable for the app: pubkey, signer state (a remote signer's disconnects), PIN.
 */
export class Session implements Observable<SessionSnapshot> {
  private readonly opts: SessionOptions;
  private readonly state: ValueStore<SessionSnapshot>;
  private current: Signer | null = null;
  private generation = 0;
  private started: Promise<void> | null = null;
  private unwatchSigner: (() => void) | null = null;

  constructor(options: SessionOptions) {
    this.opts = options;
    const stored = options.storage.getItem(keyStorageKeys.pubkey);
    const pubkey = isPubkey(stored) ? stored : null;
    this.state = new ValueStore<SessionSnapshot>({
      pubkey,
      source: pubkey ? 'stored-pubkey' : 'none',
      needsPin: false,
      signerType: null,
      signer: 'none',
      canSign: false,
      resolved: false,
      signedInHere: false,
      accounts: summaries(options.storage),
    });
  }

  getSnapshot = (): SessionSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  get pubkey(): string | null {
    return this.state.getSnapshot().pubkey;
  }

  /** Who signs now (null for guests, read-only users and locked keys). */
  get signer(): Signer | null {
    return this.current;
  }

  /** The signer, or `not-signed-in`. */
  requireSigner(): Signer {
    if (!this.current) throw new ClientError('not-signed-in');
    return this.current;
  }

  /** True when something is stored to sign in with (or an extension may be there). */
  hasStoredLogin(): boolean {
    const s = this.opts.storage;
    return !!(
      s.getItem(keyStorageKeys.pubkey) ||
      s.getItem(keyStorageKeys.secret) ||
      s.getItem(remoteSignerStorageKey)
    );
  }

  /**
   * The login sequence, once: stored remote signer, extension (4 tries 250 ms apart), stored key
   * or PIN prompt. Does nothing after an explicit sign-in. When its code cannot be loaded (the
   * server is down and the file was never cached) it rejects and the session stays unresolved,
   * with the stored public key: a signed-in user is not taken for a guest, and the next call
   * tries again.
   */
  start(): Promise<void> {
    if (this.state.getSnapshot().resolved) return Promise.resolve();
    this.started ??= (async () => {
      const gen = this.generation;
      let flows: typeof LoginFlows;
      try {
        flows = await this.flows();
      } catch (e) {
        this.started = null;
        throw e;
      }
      let result: AccountOpenState;
      try {
        result = await flows.resolve(this.opts);
      } catch (e) {
        console.warn('login failed', e);
        result = { pubkey: null, signer: null, needsPin: false, source: 'none' };
      }
      if (gen !== this.generation) {
        // The user signed in meanwhile: their choice stands.
        if (result.signer && result.signer !== this.current) result.signer.close?.();
        return;
      }
      this.openAs(result, false);
    })();
    return this.started;
  }

  /**
   * Nothing stored and no extension: the session is resolved as a guest without loading the
   * sign-in code (guests never download it). Does nothing once resolved or signed in.
   */
  resolveAsGuest(): void {
    const snap = this.state.getSnapshot();
    if (snap.resolved || this.started) return;
    this.state.set({ ...snap, resolved: true });
  }

  /**
   * Signs in with a pasted nsec (stored with the PIN, if one is given). While signed in this adds
   * an account: the one in use is parked and can be switched back to.
   */
  async signInWithNsec(nsec: string, pin?: string, pinAgain?: string): Promise<void> {
    const flows = await this.flows();
    const before = readSlots(this.opts.storage);
    this.signedIn(before, await flows.signInWithNsec(this.opts, nsec, pin, pinAgain));
  }

  async unlock(pin: string): Promise<void> {
    const flows = await this.flows();
    this.apply(await flows.unlock(this.opts, pin), true);
  }

  async setPin(pin: string, pinAgain: string): Promise<void> {
    const flows = await this.flows();
    await flows.setPin(this.opts, pin, pinAgain);
  }

  /** Signs in (or adds the account) of the extension's key: one extension account at most. */
  async signInWithExtension(): Promise<void> {
    const flows = await this.flows();
    const before = readSlots(this.opts.storage);
    this.signedIn(before, await flows.signInWithExtension(this.opts));
  }

  /** Pairs with a remote signer through its `bunker://` URL. */
  async signInWithBunker(url: string): Promise<void> {
    const flows = await this.flows();
    const before = readSlots(this.opts.storage);
    this.signedIn(before, await flows.signInWithBunker(this.opts, url));
  }

  /**
   * Client-initiated NIP-46: show `pairing.uri` as a QR code; the session signs in once the
   * user's signer answers.
   */
  async startNostrConnect(
    options: Omit<
      NostrConnectOptions,
      'requestTimeoutMs' | 'authTimeoutMs' | 'connectWaitMs' | 'createSocket' | 'clock'
    >,
  ): Promise<NostrConnectPairing> {
    const flows = await this.flows();
    const pairing = await flows.startNostrConnect(this.opts, options);
    const before = readSlots(this.opts.storage);
    const signer = pairing.signer.then(async (s) => {
      this.signedIn(before, await flows.useRemoteSigner(this.opts, s));
      return s;
    });
    return { ...pairing, signer };
  }

  /**
   * Signs out of the account in use: its secret and its place in the accounts go (spec: logout
   * clears the secret); the most recently used other account opens, if there is one.
   */
  async signOut(): Promise<void> {
    const flows = await this.flows();
    const pk = this.pubkey;
    flows.signOut(this.opts, this.current);
    await this.afterLeaving(pk);
  }

  /**
   * Opens another account of this device: the one in use is parked (its signer closed; its
   * stored key stays sealed), the chosen one opens the way it signs: a PIN-sealed key asks its
   * own PIN (`needsPin`), a remote signer reconnects from its stored session, the extension is
   * asked for its key (another key than the account's: read-only, `notice`). `no-stored-key`
   * for a public key that is not an account here.
   */
  async switchAccount(pubkey: string): Promise<void> {
    if (pubkey === this.pubkey && this.state.getSnapshot().resolved) return;
    await this.flows();
    const { openAccount } = await import('./open-account.ts');
    const opened = swapIn(this.opts.storage, pubkey);
    if (!opened) throw new ClientError('no-stored-key', 'not an account on this device');
    this.openAs(await openAccount(this.opts, opened.source));
  }

  /**
   * Removes an account from this device: its parked secret or signer session, or (the account in
   * use) a sign-out that opens the next one. The client forgets the rest of its data
   * (`SwellClient.removeAccount`).
   */
  async removeAccount(pubkey: string): Promise<void> {
    if (pubkey === this.pubkey) return this.signOut();
    dropAccount(this.opts.storage, pubkey);
    this.publishAccounts();
  }

  /**
   * How the key is kept on this device: `pin` (encrypted with the PIN), `plain` (the nsec is
   * stored as is: Settings > Account warns), `none` (extension, remote signer, or guest).
   */
  keyProtection(): 'pin' | 'plain' | 'none' {
    const v = this.opts.storage.getItem(keyStorageKeys.secret);
    if (!v) return 'none';
    return isPinEncrypted(v) ? 'pin' : 'plain';
  }

  /** The stored secret key as an nsec (backup); the PIN when it is protected. */
  async revealSecret(pin?: string): Promise<string> {
    const flows = await this.flows();
    return flows.revealSecret(this.opts, pin);
  }

  /**
   * NIP-49: opens an `ncryptsec` with its password and returns the key as an nsec; nothing is
   * stored (`signInWithNsec` does that, with or without a PIN). `password-wrong`,
   * `invalid-ncryptsec`.
   */
  async openNcryptsec(ncryptsec: string, password: string): Promise<string> {
    const m = await import('./ncryptsec.ts');
    return m.openNcryptsec(ncryptsec, password);
  }

  /** NIP-49: the stored key sealed as an `ncryptsec` under a password (and the PIN, if any). */
  async exportNcryptsec(password: string, passwordAgain: string, pin?: string): Promise<string> {
    const m = await import('./ncryptsec.ts');
    return m.exportNcryptsec(this.opts, password, passwordAgain, pin);
  }

  /** Forgot PIN: the protected key is removed; the user signs in again. */
  async forgetPin(): Promise<void> {
    const flows = await this.flows();
    const pk = this.pubkey;
    flows.forgetPin(this.opts);
    await this.afterLeaving(pk);
  }

  /** The account `pk` left this device: the most recently used other one opens, or none. */
  private async afterLeaving(pk: string | null): Promise<void> {
    if (pk) dropAccount(this.opts.storage, pk);
    const next = readAccounts(this.opts.storage).sort((a, b) => b.lastUsedAt - a.lastUsedAt)[0];
    if (next) return this.switchAccount(next.pubkey);
    this.apply({ pubkey: null, signer: null, needsPin: false, source: 'none' }, true);
  }

  /** A sign-in succeeded: the account before it is parked, the new one recorded as in use. */
  private signedIn(before: Slots, state: SessionLoginState): void {
    if (state.pubkey) {
      const source: AccountSource =
        state.source === 'extension' || state.source === 'remote-signer'
          ? state.source
          : 'local-key';
      recordSignIn(this.opts.storage, before, state.pubkey, source);
      if (before.pubkey && before.pubkey !== state.pubkey) {
        // The slots now hold the new account only: what the parked one left there goes.
        const slots = readSlots(this.opts.storage);
        writeSlots(this.opts.storage, {
          pubkey: state.pubkey,
          sec: source === 'local-key' ? slots.sec : null,
          nip46: source === 'remote-signer' ? slots.nip46 : null,
        });
      }
    }
    this.apply(state, true);
  }

  /** An account opened (a switch, or the login sequence of a device with several). */
  private openAs(state: AccountOpenState, explicit = true): void {
    if (state.drop) {
      // A key fetch error drops that account only.
      const pk = readSlots(this.opts.storage).pubkey;
      if (pk) dropAccount(this.opts.storage, pk);
      writeSlots(this.opts.storage, { pubkey: null, sec: null, nip46: null });
    }
    this.apply(state, explicit, state.notice);
  }

  private publishAccounts(): void {
    this.state.set({ ...this.state.getSnapshot(), accounts: summaries(this.opts.storage) });
  }

  private flows(): Promise<typeof LoginFlows> {
    return (this.opts.loadLogin ?? (() => import('./login-flows.ts')))();
  }

  private apply(
    state: SessionLoginState,
    explicit = false,
    notice?: SessionSnapshot['notice'],
  ): void {
    if (explicit) this.generation++;
    if (this.current && this.current !== state.signer) this.current.close?.();
    this.current = state.signer;
    this.unwatchSigner?.();
    this.unwatchSigner = null;
    const signerState = state.signer?.state;
    const publish = () => {
      const s = signerState?.getSnapshot();
      this.state.set({
        pubkey: state.pubkey,
        source: state.source,
        needsPin: state.needsPin,
        signerType: state.signer?.type ?? null,
        signer: state.signer ? (s?.status ?? 'ready') : 'none',
        ...(s?.error && s.status === 'disconnected' ? { signerError: s.error } : {}),
        ...(s?.authUrl ? { authUrl: s.authUrl } : {}),
        ...(s?.slow && s.status !== 'disconnected' ? { signerSlow: true } : {}),
        canSign: state.signer !== null,
        resolved: true,
        signedInHere: explicit && state.signer !== null,
        accounts: summaries(this.opts.storage),
        ...(notice ? { notice } : {}),
      });
    };
    if (signerState) this.unwatchSigner = signerState.subscribe(publish);
    publish();
  }
}
