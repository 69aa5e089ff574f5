import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { neventEncode, npubEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { cacheRequest } from './settings-helpers.ts';
import { navBadge, publish, signedIn } from './social-helpers.ts';

const alice = demoAccounts.find((a) => a.name === 'alice')!;
const bob = demoAccounts.find((a) => a.name === 'bob')!;
const carol = demoAccounts.find((a) => a.name === 'carol')!;

test.describe.configure({ timeout: 180_000 });

let clock = Math.floor(Date.now() / 1000);
/** A real event signed with a demo key (what bob's own client would publish). */
const signed = (who: typeof bob, kind: number, tags: string[][], content: string) =>
  finalizeEvent(
    { kind, created_at: Math.max(++clock, Math.floor(Date.now() / 1000)), tags, content },
    hexToBytes(who.secretKeyHex),
  );

test('bob likes, replies to, reposts, quotes, mentions and zaps alice: she sees each, grouped, live', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, alice);
  const errors = watchConsole(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const note = signed(alice, 1, [], `A note to be noticed ${tag}`);
  await publish(page, note);

  // Viewing the notifications marks everything seen: the badge clears.
  const opened = Math.floor(Date.now() / 1000);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => navBadge(page, 'Notifications'), { timeout: 30_000 }).toBe(0);
  // The server's mark (set_notifications_seen) has a second's resolution: what bob does next is
  // signed after it, or a like in the same second would count as seen (and the badge stay 0).
  let seenUntil = 0;
  await expect
    .poll(
      async () => {
        const [seen] = await cacheRequest(baseURL!, 'get_notifications_seen', {
          pubkey: alice.pubkey,
        });
        seenUntil = Number(seen?.content ?? 0);
        return seenUntil >= opened;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  clock = Math.max(clock, seenUntil);
  await page.getByRole('navigation').getByRole('link', { name: /^Home/ }).first().click();

  // Bob acts; the badge counts up live while alice is elsewhere.
  await publish(
    page,
    signed(
      bob,
      7,
      [
        ['e', note.id],
        ['p', alice.pubkey],
      ],
      '+',
    ),
  );
  await expect.poll(() => navBadge(page, 'Notifications'), { timeout: 30_000 }).toBe(1);
  await publish(
    page,
    signed(
      bob,
      1,
      [
        ['e', note.id, '', 'root'],
        ['p', alice.pubkey],
      ],
      `Good point ${tag}`,
    ),
  );
  await publish(
    page,
    signed(
      bob,
      6,
      [
        ['e', note.id],
        ['p', alice.pubkey],
      ],
      JSON.stringify(note),
    ),
  );
  await publish(
    page,
    signed(bob, 1, [['q', note.id]], `Quoting this nostr:${neventEncode({ id: note.id })} ${tag}`),
  );
  await publish(
    page,
    signed(bob, 1, [['p', alice.pubkey]], `Hey nostr:${npubEncode(alice.pubkey)} look ${tag}`),
  );
  // A zap through the devnet's LNURL service and lightning ledger: the receipt is real.
  const zapRequest = signed(
    bob,
    9734,
    [
      ['p', alice.pubkey],
      ['e', note.id],
      ['amount', '21000'],
      ['relays', new URL('/relay', page.url()).href.replace('http', 'ws')],
    ],
    `zap for you ${tag}`,
  );
  const paid = await page.evaluate(async (req) => {
    const q = new URLSearchParams({ amount: '21000', nostr: JSON.stringify(req) });
    const invoice = (await (await fetch(`/devnet/lnurlp/alice/callback?${q}`)).json()) as {
      pr: string;
    };
    const res = await fetch('/devnet/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice: invoice.pr }),
    });
    return ((await res.json()) as { paid?: boolean }).paid;
  }, zapRequest);
  expect(paid).toBe(true);
  await expect.poll(() => navBadge(page, 'Notifications'), { timeout: 30_000 }).toBe(6);

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Notifications/ })
    .first()
    .click();
  const fresh = page.getByRole('region', { name: 'New' });
  await expect(fresh.getByText('Bob liked your note')).toBeVisible({ timeout: 30_000 });
  await expect(fresh.getByText('Bob reposted your note')).toBeVisible();
  await expect(fresh.getByText('Bob replied to your note')).toBeVisible();
  await expect(fresh.getByText('Bob quoted your note')).toBeVisible();
  await expect(fresh.getByText('Bob mentioned you')).toBeVisible();
  await expect(fresh.getByText(`Good point ${tag}`)).toBeVisible();
  const zap = fresh.locator('.notif-zapped', { hasText: 'Bob zapped your note' });
  await expect(zap).toContainText('21 sats');
  await expect(zap).toContainText(`zap for you ${tag}`);
  await expect.poll(() => navBadge(page, 'Notifications'), { timeout: 30_000 }).toBe(0);

  // Carol likes it too while the view is open: grouped with bob, no badge.
  await publish(
    page,
    signed(
      carol,
      7,
      [
        ['e', note.id],
        ['p', alice.pubkey],
      ],
      '+',
    ),
  );
  await expect(fresh.getByText('Carol and Bob liked your note')).toBeVisible({ timeout: 30_000 });
  await expect(fresh.getByText('Bob liked your note', { exact: true })).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await navBadge(page, 'Notifications')).toBe(0);

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    axe.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Each tab holds its kinds only.
  await page.getByRole('tab', { name: 'Replies' }).click();
  await expect(page.getByText('Bob replied to your note').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Bob mentioned you')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Mentions' }).click();
  await expect(page.getByText('Bob mentioned you').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Bob quoted your note').first()).toBeVisible();
  await expect(page.getByText('Bob replied to your note')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Zaps' }).click();
  await expect(page.getByText('Bob zapped your note').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/liked your note/)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Reposts' }).click();
  await expect(page.getByText('Bob reposted your note').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/liked your note/)).toHaveCount(0);

  expect(errors).toEqual([]);
});
