import { expect, type Browser, type Page } from '@playwright/test';
import type { DemoAccount } from '@swell/devnet';

/** A browser context signed in as `who` (nsec, no PIN). */
export async function signedIn(browser: Browser, who: DemoAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(who.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Create a PIN' });
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText(`Signed in as ${who.displayName}`)).toBeVisible();
  return page;
}

/** The count on a navigation item's badge (0 when there is none; 100 for "99+"). */
export async function navBadge(page: Page, item: 'Messages' | 'Notifications'): Promise<number> {
  const link = page
    .getByRole('navigation')
    .getByRole('link', { name: new RegExp(`^${item}`) })
    .first();
  const text =
    (await link
      .locator('.count-badge')
      .textContent({ timeout: 500 })
      .catch(() => null)) ?? '0';
  return text.endsWith('+') ? 100 : Number(text);
}

/** Publishes a signed event to the server's relay, as another client would. */
export async function publish(page: Page, event: object): Promise<void> {
  const relay = new URL('/relay', page.url()).href.replace('http', 'ws');
  const res = await page.evaluate(
    async ([url, ev]) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url!);
        ws.onopen = () => ws.send(JSON.stringify(['EVENT', ev]));
        ws.onmessage = (m) => {
          const msg = JSON.parse(String(m.data)) as unknown[];
          if (msg[0] === 'OK') {
            resolve(`${String(msg[2])} ${String(msg[3] ?? '')}`.trim());
            ws.close();
          }
        };
      }),
    [relay, event] as const,
  );
  expect(res).toBe('true');
}

/** A new wallet of the devnet's wallet service (NIP-47) holding `balanceSats`. */
export async function devnetWallet(
  origin: string,
  balanceSats: number,
): Promise<{ uri: string; walletPubkey: string }> {
  const res = await fetch(`${origin}/devnet/nwc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balanceSats }),
  });
  return (await res.json()) as { uri: string; walletPubkey: string };
}

/** What a devnet wallet holds now, in msats. */
export async function devnetWalletMsat(origin: string, walletPubkey: string): Promise<number> {
  const res = await fetch(`${origin}/devnet/nwc/${walletPubkey}`);
  return ((await res.json()) as { balanceMsat: number }).balanceMsat;
}

/**
 * Connects a wallet by its connection string on Settings > Zaps (the page is there already),
 * after disconnecting the one there, if any; done when it shows the wallet's balance of `sats`.
 */
export async function connectWallet(page: Page, uri: string, sats: number): Promise<void> {
  const wallet = page.getByRole('group', { name: 'Wallet connection' });
  const disconnect = wallet.getByRole('button', { name: 'Disconnect' });
  await expect(page.getByLabel('Connection string').or(disconnect)).toBeVisible({
    timeout: 30_000,
  });
  if (await disconnect.isVisible()) await disconnect.click();
  await page.getByLabel('Connection string').fill(uri);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(wallet.getByRole('status')).toHaveText(
    `Balance: ${sats.toLocaleString('en-US')} sats`,
    { timeout: 30_000 },
  );
}
