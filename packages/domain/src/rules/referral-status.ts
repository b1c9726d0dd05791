// collection-views §4 'Referral status'; the collection page and the client page both show it.

export type ReferralStatus = 'Accepted' | 'Canceled' | 'Pending';

/**
 * Spec §4 'Referral status: Accepted, Canceled or Pending', in that order: an accepted referral brought
 * in a client, which a later cancellation does not undo; otherwise a cancelled one is Canceled.
 */
export const referralStatusOf = (referral: {
  accepted_at: string | null;
  canceled_at: string | null;
}): ReferralStatus => {
  if (referral.accepted_at) return 'Accepted';
  if (referral.canceled_at) return 'Canceled';
  return 'Pending';
};
