// Lighthouse (from the npm registry) against a local URL, in the Chromium the other benches use:
// a Chromium with a remote-debugging port, which Lighthouse drives over CDP.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** First contentful paint, ms (simulated throttling of the form factor). */
  fcpMs: number;
  /** Largest contentful paint, ms. */
  lcpMs: number;
  /** The audits that did not pass (performance: scored under 0.9), with what they found. */
  failing: string[];
}

/** The first few items an audit found (e.g. the console errors), on one line. */
function detailsOf(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const shown = items
    .slice(0, 3)
    .map((item) =>
      String(item.description ?? item.url ?? item.source ?? JSON.stringify(item)).slice(0, 160),
    );
  return shown.length ? ` (${shown.join('; ')})` : '';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * One Lighthouse run of `url`: mobile (the default: a mid-range phone on a slow 4G network,
 * simulated) or desktop. Scores 0-100.
 */
export async function lighthouseScores(
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<LighthouseScores> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      failing: ['performance', 'accessibility', 'best-practices'].flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .map((ref) => audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < (category === 'performance' ? 0.9 : 1))
          .map(
            (a) => `${category} ${a!.id}: ${a!.displayValue ?? a!.title}${detailsOf(a!.details)}`,
          ),
      ),
    };
  } finally {
    await browser.close();
  }
}
