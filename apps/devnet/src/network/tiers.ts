import type { NetworkBuilder } from './context.ts';

/** A tier as a creator publishes it (NIP-88 kind 37001, as the reference client reads it). */
interface TierSpec {
  d: string;
  title: string;
  description: string;
  /** [amount, unit, cadence]: msats or USD, monthly or yearly. */
  amounts: Array<[string, string, string]>;
  perks: string[];
}

/** The demo authors who offer paid tiers, and their tiers (cheapest first). */
const TIERS: Record<string, TierSpec[]> = {
  carol: [
    {
      d: 'reader',
      title: 'Reader',
      description: 'Every essay a week before everyone else.',
      amounts: [
        ['1000000', 'msats', 'monthly'],
        ['10000000', 'msats', 'yearly'],
      ],
      perks: ['Early access to essays', 'Your name in the acknowledgements'],
    },
    {
      d: 'patron',
      title: 'Patron',
      description: 'Keeps the coffee coming, and the long reads long.',
      amounts: [
        ['5', 'USD', 'monthly'],
        ['50', 'USD', 'yearly'],
      ],
      perks: ['Everything in Reader', 'A monthly long-form Q&A'],
    },
  ],
  erin: [
    {
      d: 'sketchbook',
      title: 'Sketchbook',
      description: 'A look over my shoulder while I draw.',
      amounts: [['2100000', 'msats', 'monthly']],
      perks: ['A sketch every week'],
    },
    {
      d: 'collector',
      title: 'Collector',
      description: 'Prints, signed and sent, for the people who keep me drawing.',
      amounts: [
        ['21000000', 'msats', 'monthly'],
        ['200000000', 'msats', 'yearly'],
      ],
      perks: ['Everything in Sketchbook', 'A signed print every quarter'],
    },
  ],
};

/**
 * Paid tiers (kind 37001) of two demo authors, carol and erin, and each one's tier list (kind
 * 17000, the tiers by e tag), a day into the network. No draws from the generator.
 */
export function buildTiers(b: NetworkBuilder): void {
  for (const author of b.users.filter((u) => u.demo && TIERS[u.name])) {
    const at = b.start + 86400 + author.index * 60;
    const tiers = TIERS[author.name]!.map((t, i) =>
      b.publish(
        {
          kind: 37001,
          created_at: at + i,
          content: t.description,
          tags: [
            ['d', t.d],
            ['title', t.title],
            ...t.amounts.map(([amount, unit, cadence]) => ['amount', amount, unit, cadence]),
            ...t.perks.map((p) => ['perk', p]),
          ],
        },
        author.secretKey,
      ),
    );
    b.publish(
      {
        kind: 17000,
        created_at: at + tiers.length,
        content: '',
        tags: tiers.map((t) => ['e', t.id]),
      },
      author.secretKey,
    );
  }
}
