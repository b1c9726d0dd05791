import { useState } from 'react';
import { outsourceMessages } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';

// Starting an outsource job on a case that is not in design moves it to design, after the user confirms
// (case-workspace §4): the tab asks before sending, and asks again when the server refuses because the
// case left design meanwhile (409 conflict with the same words), then sends move_to_design: true.

/** Sends the start; move_to_design only once the user has agreed. */
export type StartSender = (moveToDesign: boolean) => Promise<void>;

export const isNotInDesignRefusal = (error: unknown): boolean =>
  isApiError(error) &&
  error.status === 409 &&
  error.code === 'conflict' &&
  error.message === outsourceMessages.notInDesign;

export const useDesignMoveConfirm = (isInDesign: boolean, onError: (error: unknown) => void) => {
  const [pending, setPending] = useState<{ send: StartSender } | null>(null);

  const start = async (send: StartSender): Promise<void> => {
    if (!isInDesign) {
      setPending({ send });
      return;
    }
    try {
      await send(false);
    } catch (error) {
      if (isNotInDesignRefusal(error)) setPending({ send });
      else onError(error);
    }
  };

  const handleConfirm = async () => {
    if (!pending) return;
    setPending(null);
    try {
      await pending.send(true);
    } catch (error) {
      onError(error);
    }
  };

  return {
    start,
    confirmProps: {
      isOpen: pending !== null,
      title: 'Move to Design',
      message: outsourceMessages.notInDesign,
      onConfirm: () => void handleConfirm(),
      onCancel: () => setPending(null),
    },
  };
};
