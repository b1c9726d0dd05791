import { orderHeaders } from '@lab/domain';
import { signBody } from '../../auth/signed-body';

/** The headers a platform sends with an order's exact body: its key's id, the timestamp, the signature. */
export const signedOrderHeaders = (
  key: { key_id: string; secret: string },
  body: string,
  at: Date = new Date(),
): Record<string, string> => {
  const signed = signBody(key.secret, body, at);
  return {
    'content-type': 'application/json',
    [orderHeaders.keyId]: key.key_id,
    [orderHeaders.timestamp]: signed.timestamp,
    [orderHeaders.signature]: signed.signature,
  };
};
