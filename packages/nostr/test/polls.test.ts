import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  isPollClosed,
  makeZapRequest,
  parsePoll,
  parsePollResponse,
  parseZapPoll,
  parseZapReceipt,
  pollResponseTemplate,
  pollTemplate,
  tallyPoll,
  tallyZapPoll,
  verifyEvent,
  zapPollVoteOf,
  zapPollVoteTag,
  type NostrEvent,
  type PollResponse,
} from '../src/index.ts';
import { readJson, readJsonl } from './vectors.ts';

interface Examples {
  nip88: { poll: NostrEvent; response: NostrEvent };
}
const examples = readJson<Examples>('nip-polls-media-examples.json');

interface PrimalPolls {
  zap_polls: NostrEvent[];
  zap_receipts: NostrEvent[];
  polls: NostrEvent[];
  poll_stats: Record<string, Record<string, { votes: number; satszapped: number }>>;
}
const primal = readJson<PrimalPolls>('polls-primal-fixture.json');

describe('NIP-88 polls', () => {
  it("reads the NIP's poll and response examples", () => {
    const poll = parsePoll(examples.nip88.poll)!;
    expect(poll.question).toBe('Pineapple on pizza');
    expect(poll.options).toEqual([
      { id: 'qj518h583', label: 'Yay' },
      { id: 'gga6cdnqj', label: 'Nay' },
    ]);
    expect(poll.type).toBe('singlechoice');
    // the example's relays and end are placeholders, not URLs or times
    expect(poll.relays).toEqual([]);
    expect(poll.endsAt).toBeUndefined();
    const response = parsePollResponse(examples.nip88.response)!;
    expect(response.pollId).toBe(
      '1fc80cf813f1af33d5a435862b7ef7fb96b47e68a48f1abcadf8081f5a545550',
    );
    expect(response.responses).toEqual(['gga6cdnqj', 'm3agjsdq1']);
  });

  it('reads every real kind 1068 of real-events.jsonl, UUID ids and all', () => {
    const real = readJsonl<NostrEvent>('real-events.jsonl').filter((e) => e.kind === 1068);
    expect(real).toHaveLength(27);
    const polls = real.map(parsePoll);
    expect(polls.every((p) => p && p.options.length >= 2)).toBe(true);
    const uuid = polls.find((p) => p!.options[0]!.id.includes('-'))!;
    expect(uuid.type).toBe('singlechoice');
    expect(uuid.endsAt).toBeGreaterThan(uuid.created_at);
    // one was written with the zap poll's tags; it still reads
    expect(polls.some((p) => p!.question === 'No more tests ' && p!.endsAt === 1772890702)).toBe(
      true,
    );
  });

  const sk = generateSecretKey();
  const poll = parsePoll(
    finalizeEvent(
      pollTemplate({
        question: 'Best season?',
        options: [
          { id: 'a', label: 'Spring' },
          { id: 'b', label: 'Summer' },
          { id: 'c', label: 'Autumn' },
        ],
        type: 'singlechoice',
        endsAt: 2_000,
        relays: ['wss://relay.example.com'],
        createdAt: 1_000,
      }),
      sk,
    ),
  )!;
  const response = (
    pubkey: string,
    created_at: number,
    responses: string[],
    id = `${pubkey}${created_at}`,
  ): PollResponse => ({ id, pubkey, created_at, pollId: poll.id, responses });

  it('builds a poll that reads back, and refuses bad ones', () => {
    expect(poll.options.map((o) => o.label)).toEqual(['Spring', 'Summer', 'Autumn']);
    expect(poll.endsAt).toBe(2_000);
    expect(poll.relays).toEqual(['wss://relay.example.com']);
    expect(isPollClosed(poll, 2_000)).toBe(false);
    expect(isPollClosed(poll, 2_001)).toBe(true);
    const random = pollTemplate({ question: 'q', options: ['x', 'y'], createdAt: 1 });
    expect(random.tags.filter((t) => t[0] === 'option').map((t) => t[1]!.length)).toEqual([9, 9]);
    expect(() => pollTemplate({ question: 'q', options: ['only'] })).toThrow('2 to 10 options');
    expect(() => pollTemplate({ question: 'q', options: ['a', 'A'] })).toThrow('two options');
    expect(() => pollTemplate({ question: ' ', options: ['a', 'b'] })).toThrow('question');
    expect(() =>
      pollTemplate({ question: 'q', options: ['a', 'b'], endsAt: 5, createdAt: 10 }),
    ).toThrow('end after');
  });

  it('builds responses of the poll type', () => {
    const t = pollResponseTemplate(poll, ['b'], 1_500);
    expect(t.kind).toBe(1018);
    expect(t.tags).toEqual([
      ['e', poll.id],
      ['response', 'b'],
    ]);
    const signed = finalizeEvent(t, sk);
    expect(verifyEvent(signed)).toBe(true);
    expect(parsePollResponse(signed)!.responses).toEqual(['b']);
    expect(() => pollResponseTemplate(poll, ['a', 'b'])).toThrow('one choice');
    expect(() => pollResponseTemplate(poll, ['z'])).toThrow('not an option');
    const multi = { ...poll, type: 'multiplechoice' as const };
    expect(pollResponseTemplate(multi, ['a', 'c', 'a'], 1).tags).toHaveLength(3);
  });

  it('tallies one vote per key: the latest within the poll time, option ids checked', () => {
    const tally = tallyPoll(poll, [
      response('alice', 1_100, ['a']),
      response('alice', 1_200, ['b']), // changed her vote: b counts
      response('bob', 1_300, ['c']),
      response('bob', 2_001, ['a']), // after the end: c stays
      response('carol', 1_400, ['a']),
      response('carol', 1_500, ['nope']), // not an option: not a vote, a stays
      response('dave', 1_600, ['x', 'b']), // single choice: the first tag only, unknown
      { ...response('erin', 1_000, ['a']), pollId: 'f'.repeat(64) }, // another poll
      response('frank', 1_700, ['b'], '2'),
      response('frank', 1_700, ['c'], '1'), // same second: the lower id wins
    ]);
    expect(tally.counts).toEqual({ a: 1, b: 1, c: 2 });
    expect(tally.voters).toBe(4);
    expect(tally.choices.get('frank')).toEqual(['c']);
    const multi = tallyPoll({ ...poll, type: 'multiplechoice', endsAt: undefined }, [
      response('alice', 1, ['a', 'c', 'a', 'zz']),
      response('bob', 1, ['c']),
      response('bob', 9_999, ['b']), // no end: the latest counts
    ]);
    expect(multi.counts).toEqual({ a: 1, b: 1, c: 1 });
  });

  it('never throws on arbitrary events', () => {
    const tag = fc.array(
      fc.oneof(fc.string(), fc.constantFrom('option', 'response', 'e', 'endsAt')),
      {
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(
        fc.array(tag, { maxLength: 8 }),
        fc.constantFrom(1018, 1068, 6969),
        (tags, kind) => {
          const e = { ...examples.nip88.poll, kind, tags };
          parsePoll(e);
          parsePollResponse(e);
          parseZapPoll(e);
        },
      ),
    );
  });
});

describe('zap polls (kind 6969)', () => {
  it('reads the zap polls Primal and Amethyst wrote', () => {
    const polls = primal.zap_polls.map(parseZapPoll);
    expect(polls.every((p) => p && p.options.length >= 2)).toBe(true);
    const bip = polls.find((p) => p!.question.startsWith('What is your stance on BIP-110'))!;
    expect(bip.options.map((o) => o.id)).toEqual(['0', '1', '2', '3']);
    expect(bip.valueMinimum).toBe(1);
    expect(bip.valueMaximum).toBe(100);
    expect(bip.closedAt).toBe(1783356444);
    expect(bip.recipients).toEqual([bip.pubkey]);
  });

  it("tallies the recorded receipts as Primal's poll stats say, for every poll whose receipts are all there", () => {
    const votes = primal.zap_receipts.flatMap((r) => zapPollVoteOf(parseZapReceipt(r)!) ?? []);
    let compared = 0;
    for (const event of primal.zap_polls) {
      const stats = primal.poll_stats[event.id];
      if (!stats) continue;
      const poll = parseZapPoll(event)!;
      const mine = votes.filter((v) => v.pollId === poll.id);
      const theirs = Object.values(stats).reduce((n, s) => n + s.votes, 0);
      if (mine.length !== theirs) continue; // the recording holds only some of its zaps
      const tally = tallyZapPoll(poll, mine);
      for (const [id, s] of Object.entries(stats)) {
        expect(tally.options[id]?.votes, `${poll.id} ${id}`).toBe(s.votes);
      }
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it('counts zaps within the bounds and before the close; one each when the bounds are equal', () => {
    const author = generateSecretKey();
    const event = finalizeEvent(
      {
        kind: 6969,
        created_at: 1_000,
        content: 'Tabs or spaces?',
        tags: [
          ['poll_option', '0', 'Tabs'],
          ['poll_option', '1', 'Spaces'],
          ['value_minimum', '10'],
          ['value_maximum', '100'],
          ['closed_at', '2000'],
        ],
      },
      author,
    );
    const poll = parseZapPoll(event)!;
    expect(zapPollVoteTag(poll, '1')).toEqual(['poll_option', '1']);
    expect(() => zapPollVoteTag(poll, '7')).toThrow();
    let n = 0;
    const zap = (sender: string, option: string | undefined, sats: number, at: number) => ({
      receiptId: String(++n).padStart(64, '0'),
      sender,
      recipient: event.pubkey,
      eventId: poll.id,
      msats: sats * 1000,
      sats,
      message: '',
      created_at: at,
      request: { ...event, kind: 9734, tags: option ? [['poll_option', option]] : [] },
    });
    const receipts = [
      zap('a', '0', 50, 1_100),
      zap('a', '0', 20, 1_200), // every zap counts when the bounds differ
      zap('b', '1', 100, 1_300),
      zap('c', '1', 500, 1_300), // over the maximum
      zap('d', '1', 5, 1_300), // under the minimum
      zap('e', '0', 50, 2_500), // after the close
      zap('f', undefined, 50, 1_300), // no option
      zap('g', '9', 50, 1_300), // not an option
    ];
    const votes = receipts.flatMap((r) => zapPollVoteOf(r) ?? []);
    expect(votes).toHaveLength(receipts.length - 1);
    const tally = tallyZapPoll(poll, votes);
    expect(tally.voters.get('a')).toEqual(['0']);
    expect(tally.options).toEqual({
      '0': { votes: 2, sats: 70 },
      '1': { votes: 1, sats: 100 },
    });
    const oneEach = { ...poll, valueMinimum: 50, valueMaximum: 50 };
    const later = zap('a', '1', 50, 1_500);
    expect(tallyZapPoll(oneEach, [...votes, zapPollVoteOf(later)!]).options).toEqual({
      '0': { votes: 0, sats: 0 },
      '1': { votes: 1, sats: 50 },
    });
    const request = makeZapRequest({
      recipient: event.pubkey,
      amountMsats: 21_000,
      relays: ['wss://r.example'],
      eventId: poll.id,
      kind: 6969,
      pollOption: '1',
    });
    expect(request.tags).toContainEqual(['poll_option', '1']);
  });
});
