import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

const NAME = /^[a-z0-9._-]{1,64}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** Normalises a NIP-05 local part (trimmed, lowercase); undefined when it is not a valid name. */
export function normaliseName(name: string): string | undefined {
  const n = name.trim().toLowerCase();
  return NAME.test(n) && n !== '_' ? n : undefined;
}

export type NameErrorCode = 'invalid-name' | 'invalid-pubkey' | 'taken' | 'has-name' | 'no-name';

/** Why a registration or rename was refused. */
export class NameError extends Error {
  readonly code: NameErrorCode;
  constructor(code: NameErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export interface NameRecord {
  name: string;
  pubkey: string;
  created_at: number;
  updated_at: number;
}

/**
 * The NIP-05 names this server serves (`/.well-known/nostr.json`, verified names 10000158, the
 * `/name` routes): one name per pubkey, held until renamed. Names are only ever given through
 * this API (demo seeding, later membership); what a profile claims in its kind 0 never counts.
 */
export class NameRegistry {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;

  constructor(db: Kysely<Database>, clock: () => number = () => Math.floor(Date.now() / 1000)) {
    this.db = db;
    this.clock = clock;
  }

  /**
   * Gives `name` to `pubkey`. Registering the name a pubkey already holds is a no-op; a name held
   * by someone else is `taken`; a pubkey holding another name must `rename`.
   */
  async register(name: string, pubkey: string): Promise<NameRecord> {
    const n = checkName(name);
    checkPubkey(pubkey);
    const now = this.clock();
    return this.db.transaction().execute(async (tx) => {
      const [byName, byPubkey] = await Promise.all([
        tx.selectFrom('nip05_names').selectAll().where('name', '=', n).executeTakeFirst(),
        tx.selectFrom('nip05_names').selectAll().where('pubkey', '=', pubkey).executeTakeFirst(),
      ]);
      if (byName && byName.pubkey === pubkey) return numbers(byName);
      if (byName) throw new NameError('taken', `name ${n} is taken`);
      if (byPubkey) throw new NameError('has-name', `pubkey already holds ${byPubkey.name}`);
      const row = { name: n, pubkey, created_at: now, updated_at: now };
      // A concurrent registration (another instance) may win between the reads and the insert.
      const r = await tx
        .insertInto('nip05_names')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1)
        throw new NameError('taken', `name ${n} is taken`);
      return row;
    });
  }

  /** Moves `pubkey`'s name to `newName` (which must be free, or already theirs). */
  async rename(pubkey: string, newName: string): Promise<NameRecord> {
    checkPubkey(pubkey);
    const n = checkName(newName);
    const now = this.clock();
    return this.db.transaction().execute(async (tx) => {
      const [mine, holder] = await Promise.all([
        tx.selectFrom('nip05_names').selectAll().where('pubkey', '=', pubkey).executeTakeFirst(),
        tx.selectFrom('nip05_names').selectAll().where('name', '=', n).executeTakeFirst(),
      ]);
      if (!mine) throw new NameError('no-name', 'pubkey holds no name');
      if (holder && holder.pubkey !== pubkey) throw new NameError('taken', `name ${n} is taken`);
      if (mine.name === n) return numbers(mine);
      try {
        await tx
          .updateTable('nip05_names')
          .set({ name: n, updated_at: now })
          .where('pubkey', '=', pubkey)
          .execute();
      } catch (err) {
        // the unique name: a concurrent registration took it
        throw new NameError('taken', `name ${n} is taken`, { cause: err });
      }
      return { name: n, pubkey, created_at: Number(mine.created_at), updated_at: now };
    });
  }

  /**
   * Inside the transaction `tx` (a purchase being completed): gives `name` to `pubkey`, by
   * registering it or renaming their current name. False, with nothing changed, when someone
   * else holds it. A concurrent registration of the same name fails the transaction (the
   * unique name), which the caller may retry without the name.
   */
  async giveIn(tx: Transaction<Database>, name: string, pubkey: string): Promise<boolean> {
    const n = checkName(name);
    checkPubkey(pubkey);
    const now = this.clock();
    const [byName, byPubkey] = await Promise.all([
      tx.selectFrom('nip05_names').selectAll().where('name', '=', n).executeTakeFirst(),
      tx.selectFrom('nip05_names').selectAll().where('pubkey', '=', pubkey).executeTakeFirst(),
    ]);
    if (byName) return byName.pubkey === pubkey;
    if (byPubkey) {
      await tx
        .updateTable('nip05_names')
        .set({ name: n, updated_at: now })
        .where('pubkey', '=', pubkey)
        .execute();
    } else {
      await tx
        .insertInto('nip05_names')
        .values({ name: n, pubkey, created_at: now, updated_at: now })
        .execute();
    }
    return true;
  }

  /** Whether `name` is valid and free. */
  async isAvailable(name: string): Promise<boolean> {
    const n = normaliseName(name);
    return n !== undefined && (await this.lookup(n)) === undefined;
  }

  /** The pubkey holding `name` (any case), if any. */
  async lookup(name: string): Promise<string | undefined> {
    const n = normaliseName(name);
    if (!n) return undefined;
    const row = await this.db
      .selectFrom('nip05_names')
      .select('pubkey')
      .where('name', '=', n)
      .executeTakeFirst();
    return row?.pubkey;
  }

  /** The name `pubkey` holds, if any. */
  async nameOf(pubkey: string): Promise<string | undefined> {
    return (await this.namesOf([pubkey])).get(pubkey);
  }

  /** Names of the given pubkeys (those holding none are left out). */
  async namesOf(pubkeys: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(pubkeys.filter((p) => HEX64.test(p)))];
    const out = new Map<string, string>();
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await this.db
        .selectFrom('nip05_names')
        .select(['pubkey', 'name'])
        .where('pubkey', 'in', wanted.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.pubkey, r.name);
    }
    return out;
  }
}

function checkName(name: string): string {
  const n = typeof name === 'string' ? normaliseName(name) : undefined;
  if (!n) throw new NameError('invalid-name', 'invalid name');
  return n;
}

function checkPubkey(pubkey: string): void {
  if (typeof pubkey !== 'string' || !HEX64.test(pubkey))
    throw new NameError('invalid-pubkey', 'invalid pubkey');
}

function numbers(r: NameRecord): NameRecord {
  return { ...r, created_at: Number(r.created_at), updated_at: Number(r.updated_at) };
}
