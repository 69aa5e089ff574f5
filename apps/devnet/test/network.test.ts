import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { getDecodedToken } from '@cashu/cashu-ts';
import { decode } from 'light-bolt11-decoder';
import { beforeAll, describe, expect, it } from 'vitest';
import { setNostrWasm, verifyEvent } from 'nostr-tools/wasm';
import { initNostrWasm } from 'nostr-wasm';
import { isBlurhashValid } from 'blurhash';
import {
  parsePicturePost,
  parsePoll,
  parsePollResponse,
  parseVideoEvent,
  parseZapPoll,
  parseZapReceipt,
  tallyPoll,
  tallyZapPoll,
  zapPollVoteOf,
  type NostrEvent,
} from '@swell/nostr';
import {
  CONTENT_TYPES,
  DEFAULT_NOW,
  demoAccounts,
  generateNetwork,
  lnurlServicePubkey,
  type DemoNetwork,
} from '../src/index.ts';
import { getConversationKey, nip04Decrypt, nip44Decrypt } from '@swell/nostr';
import { defaultNetwork } from '../src/testing.ts';

let net: DemoNetwork;
const byKind = (k: number) => net.events.filter((e) => e.kind === k);
const tag = (e: NostrEvent, name: string) => e.tags.find((t) => t[0] === name)?.[1];
const demoKey = (name: string) =>
  hexToBytes(demoAccounts.find((a) => a.name === name)!.secretKeyHex);

beforeAll(async () => {
  setNostrWasm(await initNostrWasm());
  net = await defaultNetwork();
}, 120_000);

describe('the default demo network', () => {
  it('has about 300 users with full profiles on our host', () => {
    const profiles = byKind(0).map((e) => JSON.parse(e.content) as Record<string, string>);
    expect(profiles.length).toBe(301); // 300 users and the LNURL service
    const alice = profiles.find((p) => p.name === 'alice')!;
    // The server's public host with its port (127.0.0.1 alone would point at port 80).
    expect(alice.nip05).toBe('alice@127.0.0.1:8080');
    expect(alice.lud16).toBe('alice@127.0.0.1:8080');
    // With a port, media live under a path whose `http:/devnet/media/...` part the reference
    // client's media pattern (no port allowed) can match.
    expect(alice.picture).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/devnet\/http:\/devnet\/media\/avatar\/[0-9a-f]{16}\.png$/,
    );
    expect(alice.banner).toMatch(/\/devnet\/media\/banner\/[0-9a-f]{16}\.jpg$/);
    expect(new Set(profiles.map((p) => p.name)).size).toBe(profiles.length);
    expect(profiles.filter((p) => p.nip05).length).toBeGreaterThan(150);
    // Every claimed name is listed for the server's registry, and nothing else.
    const claimed = byKind(0)
      .filter((e) => (JSON.parse(e.content) as { nip05?: string }).nip05)
      .map((e) => ({ name: (JSON.parse(e.content) as { name: string }).name, pubkey: e.pubkey }));
    const asMap = (list: Array<{ name: string; pubkey: string }>) =>
      new Map(list.map((n) => [n.name, n.pubkey]));
    expect(asMap(net.names)).toEqual(asMap(claimed));
    expect(net.names).toHaveLength(claimed.length);
  });

  it('makes media URLs the reference media pattern accepts, with or without a port', async () => {
    const reference =
      /(http(s?):)([/|.|\w|\s|-])*\.(?:png|jpg|jpeg|webp|gif|mp4|mov|ogg|webm|format=png)/;
    const notes = byKind(1).map((e) => e.content);
    const media = notes.flatMap((c) => c.match(/https?:\/\/\S+\/devnet\/\S+\.(?:jpg|mp4)/g) ?? []);
    expect(media.length).toBeGreaterThan(20);
    for (const url of media) {
      const part = reference.exec(url)?.[0];
      expect(part, url).toBeDefined();
      // what a page on http://127.0.0.1:8080 resolves that part to is the same picture
      expect(new URL(part!, 'http://127.0.0.1:8080/explore').href).toBe(
        url.replace('/devnet/http:', ''),
      );
    }
    const portless = await generateNetwork({
      users: 10,
      days: 1,
      baseUrl: 'https://swell.example',
    });
    const profile = JSON.parse(
      portless.events.find((e) => e.kind === 0 && e.pubkey === demoAccounts[0]!.pubkey)!.content,
    ) as Record<string, string>;
    expect(profile.picture).toMatch(/^https:\/\/swell\.example\/devnet\/media\/avatar\//);
    expect(reference.exec(profile.picture!)?.[0]).toBe(profile.picture);
    expect(profile.nip05).toMatch(/@swell\.example$/);
  }, 60_000);

  it('has follows of the last 24 hours (Explore > People)', () => {
    const recent = byKind(3).filter((e) => e.created_at > DEFAULT_NOW - 86400);
    expect(recent.length).toBeGreaterThan(20);
    // each is a whole follow list: the person's earlier follows plus new ones
    for (const e of recent) {
      const earlier = byKind(3).find((o) => o.pubkey === e.pubkey && o.created_at < e.created_at)!;
      const now = new Set(e.tags.map((t) => t[1]));
      expect(earlier.tags.every((t) => now.has(t[1]))).toBe(true);
      expect(now.size).toBeGreaterThan(new Set(earlier.tags.map((t) => t[1])).size);
    }
  });

  it('contains every kind the client renders', () => {
    const kinds = new Set(net.events.map((e) => e.kind));
    for (const k of [
      0, 1, 3, 4, 5, 6, 7, 9735, 9802, 10000, 10002, 10003, 10050, 1059, 30000, 30023, 20, 21, 22,
      1018, 1068, 6969, 34235,
    ]) {
      expect(kinds, `kind ${k}`).toContain(k);
    }
    expect(byKind(30000).some((e) => tag(e, 'd') === 'mutelists')).toBe(true);
    expect(byKind(30000).some((e) => tag(e, 'd') === 'allowlist')).toBe(true);
  });

  it('gives two demo authors paid tiers (kind 37001) and a tier list (17000)', () => {
    const pubkey = (name: string) => demoAccounts.find((a) => a.name === name)!.pubkey;
    const offering = new Set(byKind(37001).map((e) => e.pubkey));
    expect(offering).toEqual(new Set([pubkey('carol'), pubkey('erin')]));
    for (const tier of byKind(37001)) {
      expect(tag(tier, 'd')).toBeTruthy();
      expect(tag(tier, 'title')).toBeTruthy();
      expect(tier.content).not.toBe('');
      const amounts = tier.tags.filter((t) => t[0] === 'amount');
      expect(amounts.length).toBeGreaterThan(0);
      for (const [, amount, unit, cadence] of amounts) {
        expect(Number(amount)).toBeGreaterThan(0);
        expect(['msats', 'USD']).toContain(unit);
        expect(['monthly', 'yearly']).toContain(cadence);
      }
      expect(tier.tags.some((t) => t[0] === 'perk')).toBe(true);
    }
    const lists = byKind(17000);
    expect(lists.map((e) => e.pubkey).sort()).toEqual([pubkey('carol'), pubkey('erin')].sort());
    for (const list of lists) {
      const named = list.tags.filter((t) => t[0] === 'e').map((t) => t[1]);
      const own = byKind(37001).filter((e) => e.pubkey === list.pubkey);
      expect(named).toEqual(own.map((e) => e.id));
    }
  });

  it('contains every content type, with the markers the client looks for', () => {
    const types = new Set(net.noteTypes.values());
    for (const t of CONTENT_TYPES) expect(types, t).toContain(t);
    const notes = byKind(1).map((e) => e.content);
    const has = (re: RegExp) => notes.some((c) => re.test(c));
    expect(has(/https?:\/\/\S+\/devnet\/media\/image\/[0-9a-f]+\.jpg/)).toBe(true);
    expect(has(/\/devnet\/media\/video\/[0-9a-f]+\.mp4/)).toBe(true);
    expect(has(/youtube\.com|youtu\.be/) && has(/open\.spotify\.com/)).toBe(true);
    expect(has(/\blnbc\d+[munp]1[02-9ac-hj-np-z]+/)).toBe(true);
    expect(has(/\bcashuA[A-Za-z0-9_-]+/)).toBe(true);
    const token = notes.map((c) => /\bcashuA[A-Za-z0-9_-]+/.exec(c)?.[0]).find(Boolean)!;
    const decoded = getDecodedToken(token, ['009a1f293253e41e']);
    expect(decoded.mint).toBe('http://127.0.0.1:8080/devnet/mint');
    const sats = decoded.proofs.reduce((s, p) => s + Number(p.amount), 0);
    expect(notes.find((c) => c.includes(token))).toContain(`${sats} sats of ecash`);
    expect(has(/bitcoin:bc1[02-9ac-hj-np-z]+\?amount=[\d.]+&lightning=lnbc/)).toBe(true);
    expect(has(/#(ビットコイン|биткоин|café|読書|música|fotografía)/u)).toBe(true);
    expect(has(/nostr:npub1/) && has(/nostr:nprofile1/) && has(/nostr:note1/)).toBe(true);
    expect(has(/nostr:nevent1/) && has(/nostr:naddr1/)).toBe(true);
    expect(byKind(1).some((e) => e.tags.some((t) => t[0] === 'q'))).toBe(true);
    expect(byKind(1).some((e) => e.tags.some((t) => t[0] === 'imeta'))).toBe(true);
  });

  it('has polls with votes from demo users, ended and open at its now, and zap polls with zaps', () => {
    const polls = byKind(1068).map((e) => parsePoll(e)!);
    const responses = byKind(1018).map((e) => parsePollResponse(e)!);
    const demo = new Set(demoAccounts.map((a) => a.pubkey));
    expect(polls).toHaveLength(8);
    expect(polls.some((p) => p.endsAt! < DEFAULT_NOW)).toBe(true);
    expect(polls.some((p) => p.endsAt! > DEFAULT_NOW)).toBe(true);
    expect(polls.some((p) => p.endsAt === undefined)).toBe(true);
    expect(polls.some((p) => p.type === 'multiplechoice')).toBe(true);
    expect(polls.some((p) => demo.has(p.pubkey))).toBe(true);
    for (const p of polls) {
      const tally = tallyPoll(p, responses);
      expect(tally.voters, p.question).toBeGreaterThan(5);
      expect(p.relays).toEqual(['ws://127.0.0.1:8080/relay']);
    }
    expect(responses.some((r) => demo.has(r.pubkey))).toBe(true);
    // some voters changed their mind: more responses than counted votes
    const counted = polls.reduce((n, p) => n + tallyPoll(p, responses).voters, 0);
    expect(responses.length).toBeGreaterThan(counted);

    const votes = byKind(9735).flatMap((r) => zapPollVoteOf(parseZapReceipt(r)!) ?? []);
    const zapPolls = byKind(6969).map((e) => parseZapPoll(e)!);
    expect(zapPolls).toHaveLength(2);
    for (const p of zapPolls)
      expect(tallyZapPoll(p, votes).totalSats, p.question).toBeGreaterThan(0);
  });

  it('has picture posts of the demo pictures (size, blurhash, alt) and short and normal videos', () => {
    const pictures = byKind(20).map((e) => parsePicturePost(e)!);
    expect(pictures.length).toBeGreaterThanOrEqual(10);
    expect(pictures.some((p) => p.images.length > 1)).toBe(true);
    for (const img of pictures.flatMap((p) => p.images)) {
      expect(img.url).toMatch(/\/devnet\/media\/image\/[0-9a-f]+\.jpg$/);
      expect(img.width! * img.height!).toBeGreaterThan(0);
      expect(isBlurhashValid(img.blurhash!).result).toBe(true);
      expect(img.alt).toMatch(/^Three layers of hills/);
    }
    const videos = [21, 22, 34235].flatMap((k) => byKind(k)).map((e) => parseVideoEvent(e)!);
    const short = videos.filter((v) => v.short);
    expect(short.length).toBeGreaterThan(0);
    for (const v of short) {
      expect(v.variants[0]!.url).toMatch(/\/devnet\/media\/short\/[0-9a-f]+\.mp4$/);
      expect(v.variants[0]!.height).toBeGreaterThan(v.variants[0]!.width!);
    }
    expect(videos.some((v) => v.addressable)).toBe(true);
    expect(videos.every((v) => v.title && v.duration === 4)).toBe(true);
  });

  it('has long reply threads and a follow graph with popular accounts and a long tail', () => {
    const repliesPerRoot = new Map<string, number>();
    for (const e of byKind(1)) {
      const root = e.tags.find((t) => t[0] === 'e' && t[3] === 'root')?.[1];
      if (root) repliesPerRoot.set(root, (repliesPerRoot.get(root) ?? 0) + 1);
    }
    expect(Math.max(...repliesPerRoot.values())).toBeGreaterThanOrEqual(40);
    const followers = new Map<string, number>();
    for (const e of byKind(3))
      for (const t of e.tags) followers.set(t[1]!, (followers.get(t[1]!) ?? 0) + 1);
    const counts = [...followers.values()].sort((a, b) => b - a);
    expect(counts[0]!).toBeGreaterThan(100);
    expect(counts[Math.floor(counts.length / 2)]!).toBeLessThan(counts[0]! / 8);
    expect(counts.at(-1)!).toBeLessThan(10);
  });

  it('spans the days before the anchor and is sorted by time', () => {
    const times = net.events.map((e) => e.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const notes = byKind(1).map((e) => e.created_at);
    expect(Math.max(...notes)).toBeLessThanOrEqual(1_793_491_200);
    expect(Math.min(...notes)).toBeGreaterThanOrEqual(1_793_491_200 - 30 * 86400);
  });

  it('signs every event validly (checked by nostr-tools)', () => {
    const bad = net.events.filter((e) => !verifyEvent({ ...e }));
    expect(bad.map((e) => e.id)).toEqual([]);
  }, 60_000);

  it('wraps zaps validly: signed request, receipt by the LNURL key, matching bolt11 amount and description hash', () => {
    const receipts = byKind(9735);
    expect(receipts.length).toBeGreaterThan(300);
    for (const r of receipts) {
      expect(r.pubkey).toBe(lnurlServicePubkey);
      const description = tag(r, 'description')!;
      const request = JSON.parse(description) as NostrEvent;
      expect(request.kind).toBe(9734);
      expect(verifyEvent({ ...request })).toBe(true);
      expect(tag(r, 'P')).toBe(request.pubkey);
      expect(tag(r, 'p')).toBe(tag(request, 'p'));
      expect(tag(r, 'e')).toBe(tag(request, 'e'));
      const invoice = decode(tag(r, 'bolt11')!);
      const section = (n: string) =>
        invoice.sections.find((s) => s.name === n) as { value?: unknown };
      expect(section('amount').value).toBe(tag(request, 'amount'));
      expect(section('description_hash').value).toBe(
        bytesToHex(sha256(new TextEncoder().encode(description))),
      );
      expect(bytesToHex(sha256(hexToBytes(tag(r, 'preimage')!)))).toBe(
        section('payment_hash').value,
      );
    }
    expect(receipts.some((r) => tag(r, 'a')?.startsWith('30023:'))).toBe(true);
  }, 60_000);

  it('gives demo accounts a home feed, notifications and messages they can read', () => {
    const alice = demoAccounts[0]!;
    const contacts = byKind(3).find((e) => e.pubkey === alice.pubkey)!;
    expect(contacts.tags.length).toBeGreaterThanOrEqual(60);
    const aboutAlice = net.events.filter(
      (e) => e.pubkey !== alice.pubkey && e.tags.some((t) => t[0] === 'p' && t[1] === alice.pubkey),
    );
    for (const k of [1, 3, 6, 7, 9735])
      expect(
        aboutAlice.some((e) => e.kind === k),
        `kind ${k} to alice`,
      ).toBe(true);
    const dm = byKind(4).find((e) => tag(e, 'p') === alice.pubkey)!;
    expect(nip04Decrypt(demoKey('alice'), dm.pubkey, dm.content).length).toBeGreaterThan(0);
    const wrap = byKind(1059).find((e) => tag(e, 'p') === alice.pubkey)!;
    const seal = JSON.parse(
      nip44Decrypt(wrap.content, getConversationKey(demoKey('alice'), wrap.pubkey)),
    ) as NostrEvent;
    expect(seal.kind).toBe(13);
    expect(verifyEvent({ ...seal })).toBe(true);
    const rumor = JSON.parse(
      nip44Decrypt(seal.content, getConversationKey(demoKey('alice'), seal.pubkey)),
    ) as NostrEvent;
    expect(rumor.kind).toBe(14);
    expect(rumor.pubkey).toBe(seal.pubkey);
  });

  it('has articles with markdown, images and topics, and highlights of them', () => {
    const article = byKind(30023)[0]!;
    for (const name of ['d', 'title', 'summary', 'image', 'published_at', 't'])
      expect(tag(article, name), name).toBeTruthy();
    expect(article.content).toMatch(/^# /);
    expect(article.content).toMatch(/!\[[^\]]*\]\(http[^)]+\)/);
    expect(byKind(9802).some((h) => tag(h, 'a')?.startsWith('30023:'))).toBe(true);
    // Some carry a GFM table and a footnote, and one of those is highlighted.
    const tabled = byKind(30023).filter((a) => a.content.includes('| --- |'));
    expect(tabled.length).toBeGreaterThan(0);
    expect(tabled[0]!.content).toMatch(/\[\^notes\]:/);
    const coordinates = new Set(tabled.map((a) => `30023:${a.pubkey}:${tag(a, 'd')}`));
    const highlight = byKind(9802).find((h) => coordinates.has(tag(h, 'a') ?? ''));
    expect(highlight).toBeDefined();
    const highlighted = tabled.find(
      (a) => `30023:${a.pubkey}:${tag(a, 'd')}` === tag(highlight!, 'a'),
    )!;
    expect(highlighted.content).toContain(highlight!.content);
  });
});

describe('determinism', () => {
  it('gives identical bytes for one seed and different bytes for another', async () => {
    const opts = { users: 40, days: 4, seed: 'det' };
    const [a, b, c] = await Promise.all([
      generateNetwork(opts),
      generateNetwork(opts),
      generateNetwork({ ...opts, seed: 'other' }),
    ]);
    const bytes = (n: DemoNetwork) => n.events.map((e) => JSON.stringify(e)).join('\n');
    expect(a.events.length).toBeGreaterThan(500);
    expect(bytes(b)).toBe(bytes(a));
    expect(bytes(c)).not.toBe(bytes(a));
    // Demo keys do not depend on the seed; the others do.
    expect(c.events.some((e) => e.pubkey === demoAccounts[0]!.pubkey)).toBe(true);
  }, 120_000);

  it('rejects nonsense options', async () => {
    await expect(generateNetwork({ users: 0 })).rejects.toThrow(/users/);
    await expect(generateNetwork({ days: -1 })).rejects.toThrow(/days/);
  });
});
