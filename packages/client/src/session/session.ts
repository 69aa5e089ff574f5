import { ClientError } from '../errors.ts';
import {
  isPinEncrypted,
  isPubkey,
  keyStorageKeys,
  remoteSignerStorageKey,
} from '../keys/key-names.ts';
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
      let result: SessionLoginState;
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
      this.apply(result);
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

  async signInWithNsec(nsec: string, pin?: string, pinAgain?: string): Promise<void> {
    const flows = await this.flows();
    this.apply(await flows.signInWithNsec(this.opts, nsec, pin, pinAgain), true);
  }

  async unlock(pin: string): Promise<void> {
    const flows = await this.flows();
    this.apply(await flows.unlock(this.opts, pin), true);
  }

  async setPin(pin: string, pinAgain: string): Promise<void> {
    const flows = await this.flows();
    await flows.setPin(this.opts, pin, pinAgain);
  }

  async signInWithExtension(): Promise<void> {
    const flows = await this.flows();
    this.apply(await flows.signInWithExtension(this.opts), true);
  }

  /** Pairs with a remote signer through its `bunker://` URL. */
  async signInWithBunker(url: string): Promise<void> {
    const flows = await this.flows();
    this.apply(await flows.signInWithBunker(this.opts, url), true);
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
    const signer = pairing.signer.then(async (s) => {
      this.apply(await flows.useRemoteSigner(this.opts, s), true);
      return s;
    });
    return { ...pairing, signer };
  }

  async signOut(): Promise<void> {
    const flows = await this.flows();
    flows.signOut(this.opts, this.current);
    this.apply({ pubkey: null, signer: null, needsPin: false, source: 'none' }, true);
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
    const flows = await this.flows();
    return flows.openNcryptsec(ncryptsec, password);
  }

  /** NIP-49: the stored key sealed as an `ncryptsec` under a password (and the PIN, if any). */
  async exportNcryptsec(password: string, passwordAgain: string, pin?: string): Promise<string> {
    const flows = await this.flows();
    return flows.exportNcryptsec(this.opts, password, passwordAgain, pin);
  }

  /** Forgot PIN: the protected key is removed; the user signs in again. */
  async forgetPin(): Promise<void> {
    const flows = await this.flows();
    flows.forgetPin(this.opts);
    this.apply({ pubkey: null, signer: null, needsPin: false, source: 'none' }, true);
  }

  private flows(): Promise<typeof LoginFlows> {
    return (this.opts.loadLogin ?? (() => import('./login-flows.ts')))();
  }

  private apply(state: SessionLoginState, explicit = false): void {
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
      });
    };
    if (signerState) this.unwatchSigner = signerState.subscribe(publish);
    publish();
  }
}
