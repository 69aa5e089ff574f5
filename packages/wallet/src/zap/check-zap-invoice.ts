import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { decodeInvoice, type DecodedInvoice } from '@swell/nostr';
import { ZapError } from './zap-error.ts';

const utf8 = new TextEncoder();

/**
 * Checks the invoice an LNURL service returned for a zap before anything is paid (NIP-57
 * appendix B and LUD-06): it must decode, state exactly the requested amount, commit to the
 * zap request when it carries a description hash (sha256 of the request JSON that was sent),
 * and not be expired. Returns the decoded invoice; throws `ZapError` (`invoice_invalid`,
 * `invoice_mismatch`, `invoice_expired`).
 */
export function checkZapInvoice(
  invoice: string,
  expected: { amountMsat: number; zapRequestJson: string; now?: number },
): DecodedInvoice {
  const decoded = decodeInvoice(invoice);
  if (!decoded)
    throw new ZapError('invoice_invalid', 'The lightning service returned an invalid invoice.');
  if (decoded.msats === undefined) {
    throw new ZapError(
      'invoice_mismatch',
      `The invoice names no amount; the zap is for ${expected.amountMsat} millisats.`,
    );
  }
  if (decoded.msats !== expected.amountMsat) {
    throw new ZapError(
      'invoice_mismatch',
      `The invoice is for ${decoded.msats} millisats, not the ${expected.amountMsat} of the zap.`,
    );
  }
  if (decoded.descriptionHash !== undefined) {
    const hash = bytesToHex(sha256(utf8.encode(expected.zapRequestJson)));
    if (decoded.descriptionHash.toLowerCase() !== hash) {
      throw new ZapError(
        'invoice_mismatch',
        "The invoice's description hash does not match the zap request.",
      );
    }
  }
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (decoded.timestamp !== undefined && decoded.timestamp + (decoded.expiry ?? 3600) <= now) {
    throw new ZapError('invoice_expired', 'The invoice has already expired.');
  }
  return decoded;
}
