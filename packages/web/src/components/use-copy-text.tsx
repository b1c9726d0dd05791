import { useEffect, useState } from 'react';
import { copyText } from '../lib/copy-text';
import { ManualCopyDialog } from './manual-copy-dialog';

const copiedFeedbackMs = 2000;

/** Puts text on the clipboard; rejects when it could not. `near` is the clicked element. */
export type CopyTextFn = (text: string, near?: Element | null) => Promise<void>;

/**
 * Copying with feedback: `isCopied` holds for two seconds after a copy; when the browser would not copy,
 * `manualCopyDialog` (render it) shows the text selected for the user. `copy` resolves to whether it copied.
 */
export const useCopyText = (copy: CopyTextFn = copyText) => {
  const [isCopied, setIsCopied] = useState(false);
  // The text stays while the dialog closes, so it does not empty before it is gone.
  const [manualText, setManualText] = useState('');
  const [isManualOpen, setIsManualOpen] = useState(false);

  useEffect(() => {
    if (!isCopied) return undefined;
    const timer = setTimeout(() => setIsCopied(false), copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copyWithFeedback = (text: string, near?: Element | null): Promise<boolean> =>
    copy(text, near).then(
      () => {
        setIsCopied(true);
        return true;
      },
      () => {
        setManualText(text);
        setIsManualOpen(true);
        return false;
      },
    );

  const manualCopyDialog = (
    <ManualCopyDialog isOpen={isManualOpen} text={manualText} onClose={() => setIsManualOpen(false)} />
  );
  return { isCopied, copy: copyWithFeedback, manualCopyDialog };
};
