/** A signed Nostr event as defined by NIP-01. */
export interface NostrEvent {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: string[][];
  content: string;
  sig: string;
}

/** What an author fills in before signing. */
export interface EventTemplate {
  kind: number;
  created_at: number;
  tags: string[][];
  content: string;
}

/** A template with its author's public key: everything that goes into the id. */
export interface UnsignedEvent extends EventTemplate {
  pubkey: string;
}

/** A NIP-01 subscription filter. Tag filters use keys such as `#e`, `#p`, `#t`. */
export interface Filter {
  ids?: string[];
  authors?: string[];
  kinds?: number[];
  since?: number;
  until?: number;
  limit?: number;
  search?: string;
  [tag: `#${string}`]: string[] | undefined;
}

/** The result of a validation: the cleaned event or a human-readable reason. */
export type EventCheck = { ok: true; event: NostrEvent } | { ok: false; reason: string };
