import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64urlnopad, bech32 } from '@scure/base';
import { nip19 } from '@swell/nostr';
import { encodeBolt11 } from '@swell/wallet';
import { lightningNodeSecretKey } from '../keys.ts';
import { mediaSize, mediaUrl, VIDEO_SIZE, videoUrl } from '../media.ts';
import { nodePreimage } from '../node-preimage.ts';
import { naddr, nevent, nprofile } from '../nip19.ts';
import type { Rng } from '../rng.ts';
import type { ArticleRef, DemoUser, NetworkBuilder, NoteRef } from './context.ts';
import { EMBEDS, GREETINGS, LINKS, type Topic } from './vocabulary.ts';

/** The kinds of note content the client renders; the coverage test checks each one is present. */
export const CONTENT_TYPES = [
  'plain',
  'greeting',
  'hashtags',
  'link',
  'image',
  'gallery',
  'video',
  'embed',
  'invoice',
  'ecash',
  'bitcoin-uri',
  'mention',
  'note-reference',
  'profile-reference',
  'quote',
  'article-reference',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

const WEIGHTS: Record<ContentType, number> = {
  plain: 22,
  greeting: 5,
  hashtags: 14,
  link: 6,
  image: 11,
  gallery: 3,
  video: 3,
  embed: 5,
  invoice: 2,
  ecash: 2,
  'bitcoin-uri': 1,
  mention: 8,
  'note-reference': 4,
  'profile-reference': 2,
  quote: 5,
  'article-reference': 2,
};
const TYPE_WEIGHTS = CONTENT_TYPES.map((t) => WEIGHTS[t]);

export interface NoteDraft {
  type: ContentType;
  content: string;
  tags: string[][];
}

export function pickContentType(rng: Rng): ContentType {
  return CONTENT_TYPES[rng.weighted(TYPE_WEIGHTS)]!;
}

export function sentence(rng: Rng, topic: Topic): string {
  const text = rng.pick(topic.phrases).replace('{s}', rng.pick(topic.subjects));
  return text.charAt(0).toUpperCase() + text.slice(1) + rng.pick(['.', '!', '', ' 🙂', '…']);
}

function hashtagLine(rng: Rng, topic: Topic, tags: string[][]): string {
  const chosen = rng.sample(topic.tags, rng.int(1, 3));
  for (const t of chosen) tags.push(['t', t.toLowerCase()]);
  return chosen.map((t) => `#${t}`).join(' ');
}

function imeta(
  url: string,
  mime: string,
  size: { width: number; height: number },
  extra: string[] = [],
): string[] {
  return ['imeta', `url ${url}`, `m ${mime}`, `dim ${size.width}x${size.height}`, ...extra];
}

/** A cashuA token (NUT-00 V3) for the devnet mint, with well-formed proofs. */
function ecashToken(b: NetworkBuilder, rng: Rng, sats: number): string {
  const amounts: number[] = [];
  for (let bit = 1, left = sats; left > 0; bit <<= 1) {
    if (left & bit) {
      amounts.push(bit);
      left -= bit;
    }
  }
  const proofs = amounts.map((amount) => ({
    id: '009a1f293253e41e',
    amount,
    secret: bytesToHex(rng.bytes(32)),
    C: bytesToHex(secp256k1.getPublicKey(sha256(rng.bytes(32)), true)),
  }));
  const token = {
    token: [{ mint: `${b.baseUrl}/devnet/mint`, proofs }],
    memo: 'demo ecash',
    unit: 'sat',
  };
  return `cashuA${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(token)))}`;
}

/** An invoice of the devnet node whose preimage the node can derive when it is paid. */
function invoice(rng: Rng, sats: number, at: number, description: string): string {
  const paymentSecret = rng.bytes(32);
  return encodeBolt11(
    {
      amountMsat: sats * 1000,
      timestamp: at,
      paymentHash: sha256(nodePreimage(paymentSecret)),
      paymentSecret,
      description,
      expirySeconds: 365 * 86400,
    },
    lightningNodeSecretKey,
  );
}

/** Builds the content and tags of a root note of the given type; earlier notes and articles can be referenced. */
export function noteContent(
  b: NetworkBuilder,
  rng: Rng,
  type: ContentType,
  author: DemoUser,
  at: number,
  earlier: NoteRef[],
  articles: ArticleRef[],
): NoteDraft {
  const topic = rng.pick(author.topics);
  const tags: string[][] = [];
  const text = sentence(rng, topic);
  const key = bytesToHex(rng.bytes(8));
  const other = () => b.users[rng.int(0, b.users.length - 1)]!;
  switch (type) {
    case 'plain':
      return { type, content: rng.chance(0.3) ? `${text}\n\n${sentence(rng, topic)}` : text, tags };
    case 'greeting':
      return { type, content: rng.pick(GREETINGS), tags };
    case 'hashtags':
      return { type, content: `${text} ${hashtagLine(rng, topic, tags)}`, tags };
    case 'link': {
      const link = rng.pick(LINKS);
      tags.push(['r', link]);
      return { type, content: `${text}\n${link}`, tags };
    }
    case 'image': {
      const url = mediaUrl(b.baseUrl, 'image', key);
      tags.push(imeta(url, 'image/jpeg', mediaSize('image', key)));
      return { type, content: `${text}\n${url}`, tags };
    }
    case 'gallery': {
      const urls = [0, 1, 2].slice(0, rng.int(2, 3)).map((i) => {
        const k = `${key}${i}`;
        const url = mediaUrl(b.baseUrl, 'image', k);
        tags.push(imeta(url, 'image/jpeg', mediaSize('image', k)));
        return url;
      });
      return {
        type,
        content: `${text} ${hashtagLine(rng, topic, tags)}\n${urls.join('\n')}`,
        tags,
      };
    }
    case 'video': {
      const url = videoUrl(b.baseUrl, key);
      tags.push(imeta(url, 'video/mp4', VIDEO_SIZE, [`duration ${VIDEO_SIZE.duration}`]));
      return { type, content: `${text}\n${url}`, tags };
    }
    case 'embed':
      return {
        type,
        content: `${rng.pick(['Listen to this', 'Watch this', 'This is so good', 'On repeat'])}: ${rng.pick(EMBEDS)}`,
        tags,
      };
    case 'invoice': {
      const sats = rng.pick([100, 500, 1000, 2100, 5000]);
      return {
        type,
        content: `${rng.pick(['Selling a print', 'Raffle ticket', 'Buy me a coffee'])}, ${sats} sats:\n${invoice(rng, sats, at, 'demo note invoice')}`,
        tags,
      };
    }
    case 'ecash': {
      const sats = rng.pick([21, 42, 100, 256]);
      return {
        type,
        content: `First to claim gets ${sats} sats of ecash 🥜\n${ecashToken(b, rng, sats)}`,
        tags,
      };
    }
    case 'bitcoin-uri': {
      const address = bech32.encode('bc', [0, ...bech32.toWords(rng.bytes(20))]);
      const lnbc = invoice(rng, 2100, at, 'donation');
      return {
        type,
        content: `Donations for the meetup: bitcoin:${address}?amount=0.000021&lightning=${lnbc}`,
        tags,
      };
    }
    case 'mention': {
      const who = rng.chance(0.4) ? b.users[rng.int(0, 7)]! : other();
      if (who === author) return { type: 'plain', content: text, tags };
      tags.push(['p', who.pubkey]);
      return { type, content: `${text} cc nostr:${nip19.npubEncode(who.pubkey)}`, tags };
    }
    case 'profile-reference': {
      const who = other();
      if (who === author) return { type: 'plain', content: text, tags };
      tags.push(['p', who.pubkey]);
      return {
        type,
        content: `Go follow nostr:${nprofile(who.pubkey, [b.relayUrl])}, always great posts.`,
        tags,
      };
    }
    case 'note-reference':
    case 'quote': {
      const live = earlier.slice(-400).filter((n) => !n.deleted && n.event.created_at < at);
      if (live.length === 0) return { type: 'plain', content: text, tags };
      const target = rng.pick(live);
      if (type === 'note-reference') {
        tags.push(['e', target.event.id, b.relayUrl, 'mention']);
        return {
          type,
          content: `Still thinking about nostr:${nip19.noteEncode(target.event.id)}`,
          tags,
        };
      }
      tags.push(
        ['q', target.event.id, b.relayUrl, target.author.pubkey],
        ['p', target.author.pubkey],
      );
      const ref = nevent(target.event.id, {
        relays: [b.relayUrl],
        author: target.author.pubkey,
        kind: 1,
      });
      return { type, content: `${text}\n\nnostr:${ref}`, tags };
    }
    case 'article-reference': {
      const published = articles.filter((a) => a.event.created_at < at);
      if (published.length === 0) return { type: 'plain', content: text, tags };
      const a = rng.pick(published);
      tags.push(['a', a.coordinate, b.relayUrl], ['p', a.author.pubkey]);
      const ref = naddr({
        identifier: a.identifier,
        pubkey: a.author.pubkey,
        kind: 30023,
        relays: [b.relayUrl],
      });
      return { type, content: `New read, worth your time:\nnostr:${ref}`, tags };
    }
  }
}
