import type { NostrEvent } from '@swell/nostr';
import type { NwcErrorCode } from '@swell/wallet';

/** What a connection's info event advertises: both schemes, NIP-44 only, or a legacy NIP-04 wallet. */
export type NwcEncryptionMode = 'nip44_v2 nip04' | 'nip44_v2' | 'nip04';

/** Every NIP-47 method the devnet wallet offers; a connection may be given fewer (its permissions). */
export const NWC_METHODS = [
  'pay_invoice',
  'get_balance',
  'get_info',
  'make_invoice',
  'lookup_invoice',
] as const;
export type NwcMethod = (typeof NWC_METHODS)[number];

/** The notifications (kinds 23196/23197) every devnet connection sends. */
export const NWC_NOTIFICATIONS = ['payment_received', 'payment_sent'] as const;

/** An invoice a connection made (`make_invoice`, or its lightning address): money coming in. */
export interface IncomingInvoice {
  bolt11: string;
  paymentHash: string;
  amountMsat: number;
  description: string;
  createdAt: number;
  expiresAt: number;
  preimage: string;
  settledAt?: number;
  zapRequest?: NostrEvent;
}

export interface Connection {
  walletSecretKey: Uint8Array;
  walletPubkey: string;
  /** The pubkey of the secret handed out in the URI (the secret itself is not kept, NIP-47). */
  clientPubkey: string;
  encryption: NwcEncryptionMode;
  /** The methods this connection may use (its info event and `get_info` list them). */
  methods: NwcMethod[];
  balanceMsat: number;
  createdAt: number;
  revoked: boolean;
  /** The name of its lightning address on the devnet host (`<name>@host`). */
  lightningName: string;
  /** Payments made through this connection, by payment hash. */
  payments: Map<string, { preimage: string; amountMsat: number; paidAt: number; bolt11: string }>;
  /** Invoices it made, by payment hash (the newest few thousand). */
  incoming: Map<string, IncomingInvoice>;
}

export interface NwcConnectionSummary {
  walletPubkey: string;
  clientPubkey: string;
  encryption: NwcEncryptionMode;
  methods: NwcMethod[];
  balanceMsat: number;
  createdAt: number;
  revoked: boolean;
  /** `<name>` of the connection's lightning address `<name>@<devnet host>`. */
  lightningName: string;
  payments: Array<{ paymentHash: string; amountMsat: number; paidAt: number }>;
  /** Invoices paid to this connection. */
  received: Array<{ paymentHash: string; amountMsat: number; settledAt: number }>;
}

export function summary(c: Connection): NwcConnectionSummary {
  return {
    walletPubkey: c.walletPubkey,
    clientPubkey: c.clientPubkey,
    encryption: c.encryption,
    methods: [...c.methods],
    balanceMsat: c.balanceMsat,
    createdAt: c.createdAt,
    revoked: c.revoked,
    lightningName: c.lightningName,
    payments: [...c.payments].map(([paymentHash, p]) => ({
      paymentHash,
      amountMsat: p.amountMsat,
      paidAt: p.paidAt,
    })),
    received: [...c.incoming.values()].flatMap((i) =>
      i.settledAt === undefined
        ? []
        : [{ paymentHash: i.paymentHash, amountMsat: i.amountMsat, settledAt: i.settledAt }],
    ),
  };
}

export type Answer =
  { result: Record<string, unknown> } | { error: { code: NwcErrorCode; message: string } };

export const fail = (code: NwcErrorCode, message: string): Answer => ({ error: { code, message } });

/** The lightning address name of a wallet: `wallet-` and the first 16 hex of its pubkey. */
export const lightningNameOf = (walletPubkey: string) => `wallet-${walletPubkey.slice(0, 16)}`;
