import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '@swell/devnet';
import { noteEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import { watchConsole } from './console-guard.ts';
import { publish, signedIn } from './social-helpers.ts';

// NIP-88 polls against the real server (issue 37): votes from several signed-in contexts, the
// tally the cache counts (one vote per key, the latest counts) following live, and a poll past
// its end closed to voting.

const account = (name: string) => demoAccounts.find((a) => a.name === name)!;
const [alice, bob, carol] = ['alice', 'bob', 'carol'].map(account) as [
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
];

/** A poll by alice (NIP-88's shape, written out), as her other client would publish it. */
function alicePoll(question: string, endsAt: number, createdAt = Math.floor(Date.now() / 1000)) {
  return finalizeEvent(
    {
      kind: 1068,
      created_at: createdAt,
      content: question,
      tags: [
        ['option', 'red', 'Red'],
        ['option', 'green', 'Green'],
        ['option', 'blue', 'Blue'],
        ['polltype', 'singlechoice'],
        ['endsAt', String(endsAt)],
      ],
    },
    hexToBytes(alice.secretKeyHex),
  );
}

const option = (page: Page, label: string) =>
  page.getByRole('radio', { name: new RegExp(`^${label}`) });

async function vote(page: Page, label: string, button: 'Vote' | 'Change vote') {
  await option(page, label).check();
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(option(page, label)).toHaveAccessibleName(/your vote/, { timeout: 15_000 });
}

test('bob and carol vote from their own contexts; alice sees the tally follow live', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/home');
  const now = Math.floor(Date.now() / 1000);
  const poll = alicePoll(`Which colour, ${now}?`, now + 3600);
  await publish(page, poll);
  const link = `/e/${noteEncode(poll.id)}`;

  const [a, b, c] = await Promise.all([alice, bob, carol].map((who) => signedIn(browser, who)));
  const errors = [a, b, c].map((p) => watchConsole(p));
  for (const p of [a, b, c]) await p.goto(link);
  const total = (p: Page) => p.getByTestId('poll-total');
  await expect(total(a)).toHaveText('0 votes', { timeout: 30_000 });
  await expect(a.getByRole('button', { name: 'Vote', exact: true })).toBeDisabled();

  await vote(b, 'Red', 'Vote');
  await vote(c, 'Blue', 'Vote');
  // Alice did not reload: the votes reached the server's relay and the tally was asked again.
  await expect(total(a)).toHaveText('2 votes', { timeout: 20_000 });
  await expect(option(a, 'Red')).toHaveAccessibleName(/1 vote, 50 %/);
  await expect(option(a, 'Blue')).toHaveAccessibleName(/1 vote, 50 %/);
  await expect(option(a, 'Green')).toHaveAccessibleName(/0 votes, 0 %/);

  // Bob changes his mind: his latest response is the one that counts.
  await vote(b, 'Blue', 'Change vote');
  await expect(option(a, 'Blue')).toHaveAccessibleName(/2 votes, 100 %/, { timeout: 20_000 });
  await expect(option(a, 'Red')).toHaveAccessibleName(/0 votes, 0 %/);
  await expect(total(a)).toHaveText('2 votes');
  // Still so after a reload (the cache's count, not only what the page added).
  await a.reload();
  await expect(option(a, 'Blue')).toHaveAccessibleName(/2 votes, 100 %/, { timeout: 30_000 });
  for (const e of errors) expect(e).toEqual([]);
  await Promise.all([a, b, c].map((p) => p.context().close()));
});

test('a poll past its end is closed: no vote button, the options disabled', async ({
  browser,
  page,
}) => {
  await page.goto('/home');
  const now = Math.floor(Date.now() / 1000);
  const poll = alicePoll(`Closed already, ${now}?`, now - 60, now - 3600);
  await publish(page, poll);
  const b = await signedIn(browser, bob);
  await b.goto(`/e/${noteEncode(poll.id)}`);
  await expect(b.getByText(/^Closed /)).toBeVisible({ timeout: 30_000 });
  await expect(option(b, 'Red')).toBeDisabled();
  await expect(b.getByRole('button', { name: /^(Vote|Change vote)$/ })).toHaveCount(0);
  await b.context().close();
});
