import { isMembershipProductId, type MembershipProductId } from '@swell/cache-protocol';

/** A product id from a link's `product` parameter, or null (unknown ids are dropped). */
function productOf(product: string | null | undefined): MembershipProductId | null {
  return isMembershipProductId(product) ? product : null;
}

/**
 * Find your name, keeping the product the user chose before it ("Become a Legend" leads here
 * when they have no name yet): the choice comes back on the subscription page.
 */
export function findNameLink(product: string | null | undefined): string {
  const id = productOf(product);
  return id ? `/premium/name?product=${encodeURIComponent(id)}` : '/premium/name';
}

/** The subscription page for a name, with the product chosen on the way (if any). */
export function subscribeLink(name: string, product: string | null | undefined): string {
  const q = new URLSearchParams({ name });
  const id = productOf(product);
  if (id) q.set('product', id);
  return `/premium/subscribe?${q.toString()}`;
}
