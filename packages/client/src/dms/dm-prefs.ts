import type { UserRecordStore } from '../storage/user-record.ts';
import type { DmProtocol, DmRelation } from './dm-types.ts';

/** What is remembered per conversation in the user's record (`dmConversations`). */
export interface DmConversationPrefs {
  /** NIP-17 messages up to this time (seconds) were read on this device. */
  readUntil?: number;
  /** The user's choice of protocol for this conversation (the composer's switch). */
  protocol?: DmProtocol;
}

type Conversations = Record<string, DmConversationPrefs>;

function conversationsOf(value: unknown): Conversations {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Conversations)
    : {};
}

/**
 * The Messages screen's memory in the per-user record (spec section 3): `dmConversations`
 * (read marks of NIP-17 messages, the protocol switch), `dmLastConversation`, `dmLastRelation`,
 * and `dmReadFloor`: NIP-17 messages older than it count as read on this device (set at the
 * first sync, from the server's unread count).
 */
export class DmPrefs {
  private readonly records: UserRecordStore;
  private readonly me: string;

  constructor(records: UserRecordStore, me: string) {
    this.records = records;
    this.me = me;
  }

  get(peer: string): DmConversationPrefs {
    return conversationsOf(this.records.get(this.me).dmConversations)[peer] ?? {};
  }

  private patch(peer: string, patch: DmConversationPrefs): void {
    this.records.update(this.me, (r) => {
      const all = conversationsOf(r.dmConversations);
      return { dmConversations: { ...all, [peer]: { ...all[peer], ...patch } } };
    });
  }

  /** When NIP-17 messages of `peer` count as read up to (the floor when none was marked). */
  readUntil(peer: string): number {
    return this.get(peer).readUntil ?? this.floor() ?? 0;
  }

  markReadUntil(peer: string, at: number): void {
    if (at > this.readUntil(peer)) this.patch(peer, { readUntil: at });
  }

  markAllReadUntil(at: number): void {
    this.records.update(this.me, (r) => {
      const all = conversationsOf(r.dmConversations);
      const next: Conversations = {};
      for (const [peer, prefs] of Object.entries(all)) {
        next[peer] = { ...prefs, readUntil: Math.max(prefs.readUntil ?? 0, at) };
      }
      return { dmConversations: next, dmReadFloor: Math.max(Number(r.dmReadFloor) || 0, at) };
    });
  }

  protocol(peer: string): DmProtocol | undefined {
    return this.get(peer).protocol;
  }

  setProtocol(peer: string, protocol: DmProtocol | undefined): void {
    this.patch(peer, { protocol });
  }

  floor(): number | undefined {
    const f = this.records.get(this.me).dmReadFloor;
    return typeof f === 'number' ? f : undefined;
  }

  setFloor(at: number): void {
    this.records.update(this.me, { dmReadFloor: at });
  }

  lastConversation(): string | undefined {
    return this.records.get(this.me).dmLastConversation;
  }

  lastRelation(): DmRelation {
    return this.records.get(this.me).dmLastRelation === 'other' ? 'other' : 'follows';
  }

  remember(update: { conversation?: string; relation?: DmRelation }): void {
    const r = this.records.get(this.me);
    const patch: { dmLastConversation?: string; dmLastRelation?: string } = {};
    if (update.conversation !== undefined && update.conversation !== r.dmLastConversation) {
      patch.dmLastConversation = update.conversation;
    }
    if (update.relation !== undefined && update.relation !== r.dmLastRelation) {
      patch.dmLastRelation = update.relation;
    }
    if (Object.keys(patch).length > 0) this.records.update(this.me, patch);
  }
}
