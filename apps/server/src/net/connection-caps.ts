import ipaddr from 'ipaddr.js';
import { parseAddress } from './address-list.ts';

/**
 * Open connections per client, for one endpoint. IPv4 clients are counted by address, IPv6 ones
 * by their /64 (one subscriber usually holds a whole /64, so counting single addresses would let
 * one client open as many connections as it has addresses).
 */
export class ConnectionCaps {
  private readonly open = new Map<string, number>();
  /** Connections refused for being over the cap. */
  refused = 0;

  private readonly perClient: () => number;

  constructor(perClient: () => number) {
    this.perClient = perClient;
  }

  static keyOf(address: string): string {
    const a = parseAddress(address);
    if (!a) return address;
    if (a.kind() === 'ipv4') return a.toString();
    const bytes = (a as ipaddr.IPv6).toByteArray().slice(0, 8);
    return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
  }

  /** Takes a slot for this client; false (and nothing taken) when it is at its cap. */
  take(address: string): boolean {
    const key = ConnectionCaps.keyOf(address);
    const n = this.open.get(key) ?? 0;
    if (n >= this.perClient()) {
      this.refused++;
      return false;
    }
    this.open.set(key, n + 1);
    return true;
  }

  release(address: string): void {
    const key = ConnectionCaps.keyOf(address);
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }

  /** Connections open now, over all clients. */
  get total(): number {
    let n = 0;
    for (const v of this.open.values()) n += v;
    return n;
  }
}
