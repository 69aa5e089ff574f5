/**
 * The mint this server runs, when it runs one: the devnet mint under `/devnet/mint` (our server
 * does not advertise mints otherwise). Answers its URL when `/v1/info` looks like a Cashu mint.
 */
export async function findServerMint(origin: string, signal?: AbortSignal): Promise<string | null> {
  const url = `${origin}/devnet/mint`;
  try {
    const res = await fetch(`${url}/v1/info`, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const info = (await res.json()) as { nuts?: unknown; pubkey?: unknown };
    return info && typeof info === 'object' && typeof info.nuts === 'object' ? url : null;
  } catch {
    return null;
  }
}
