import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commentTemplate, highlightTemplate, type NostrEvent } from '@swell/nostr';
import { backendServer, BACKENDS, CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const [alice, bob, carol] = Array.from({ length: 3 }, () => new User());

const articleTags = (d: string, title: string) => [
  ['d', d],
  ['title', title],
  ['published_at', String(now - 5000)],
];
const article = alice.sign(
  30023,
  'First paragraph.\n\nA sentence worth keeping.',
  articleTags('essay', 'Essay'),
  now - 5000,
);
const sign = (
  who: User,
  t: { kind: number; content: string; tags: string[][]; created_at: number },
) => who.sign(t.kind, t.content, t.tags, t.created_at);
const comment = (who: User, target: NostrEvent, content: string, at: number) =>
  sign(who, commentTemplate({ content, target, createdAt: at }));

const bobComment = comment(bob, article, 'Well put.', now - 400);
const carolReply = comment(carol, bobComment, 'Agreed with Bob.', now - 300);
const highlight = sign(
  bob,
  highlightTemplate({
    text: 'A sentence worth keeping.',
    source: article,
    comment: 'This one.',
    createdAt: now - 450,
  }),
);

describe.each(BACKENDS)('NIP-22 comments and NIP-84 highlights on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let c: CacheClient;
  beforeAll(async () => {
    server = await backendServer(backend);
    c = await CacheClient.open(server.wsUrl('/v1'), true);
    await importAll(c, [article, highlight, bobComment, carolReply]);
  });
  afterAll(async () => {
    c?.close();
    await server?.stop();
  });

  const thread = () =>
    c.page('long_form_content_thread_view', {
      pubkey: alice.pubkey,
      kind: 30023,
      identifier: 'essay',
      user_pubkey: bob.pubkey,
    });

  it("the article's thread serves its comments and replies to them, enriched, and counts them", async () => {
    const page = await thread();
    expect(page.notes.map((n) => n.id)).toEqual([article.id, carolReply.id, bobComment.id]);
    expect(page.stats[article.id]?.replies).toBe(2);
    expect(page.stats[bobComment.id]?.replies).toBe(1);
    expect(page.actions[article.id]?.replied).toBe(true);
  });

  it('a reply to a comment is in the comment’s thread view', async () => {
    const page = await c.page('thread_view', { event_id: bobComment.id });
    expect(page.notes.map((n) => n.id)).toEqual([bobComment.id, carolReply.id]);
  });

  it("the article's author hears of the comments and the highlight, the commenter of the reply", async () => {
    const n = await c.page('get_notifications', { pubkey: alice.pubkey, type_group: 'all' });
    const mine = n.notifications.map((x) => [
      x.type,
      x.who_commented_on_it ?? x.who_highlighted_it,
      x.comment ?? x.highlight,
      x.your_post,
    ]);
    expect(mine).toEqual([
      [301, carol.pubkey, carolReply.id, article.id],
      [301, bob.pubkey, bobComment.id, article.id],
      [302, bob.pubkey, highlight.id, article.id],
    ]);
    const replies = await c.page('get_notifications', {
      pubkey: alice.pubkey,
      type_group: 'replies',
    });
    expect(replies.notifications.map((x) => x.type)).toEqual([301, 301]);
    const bobs = await c.page('get_notifications', { pubkey: bob.pubkey, type_group: 'all' });
    expect(
      bobs.notifications.map((x) => [x.type, x.who_replied_to_it, x.reply, x.your_post]),
    ).toEqual([[6, carol.pubkey, carolReply.id, bobComment.id]]);
  });

  it('a new version of the article keeps its comment count; a deleted comment leaves it', async () => {
    const edited = alice.sign(30023, 'Edited.', articleTags('essay', 'Essay, edited'), now - 100);
    await importAll(c, [edited]);
    expect((await thread()).stats[edited.id]?.replies).toBe(2);
    await importAll(c, [carol.sign(5, '', [['e', carolReply.id]], now - 50)]);
    const page = await thread();
    expect(page.stats[edited.id]?.replies).toBe(1);
    expect(page.stats[bobComment.id]?.replies).toBe(0);
    expect(page.notes.map((n) => n.id)).toEqual([edited.id, bobComment.id]);
  });

  it('a comment that arrives before its article counts when the article comes', async () => {
    const later = alice.sign(30023, 'Later.', articleTags('later', 'Later'), now - 200);
    await importAll(c, [comment(carol, later, 'Early!', now - 150)]);
    await importAll(c, [later]);
    const page = await c.page('long_form_content_thread_view', {
      pubkey: alice.pubkey,
      kind: 30023,
      identifier: 'later',
    });
    expect(page.stats[later.id]?.replies).toBe(1);
    expect(page.notes).toHaveLength(2);
  });
});
