// Cloning implants from another component of the same collection (case-workspace §5 'Implants').

export const implantCloneTexts = {
  noSources: 'No other components to clone from.',
  title: 'Clone Implants',
  confirmTitle: 'Replace Implants',
  // The spec asks to confirm removal of the existing implants; its words are not given.
  confirmReplace: 'The existing implants of this component will be removed and replaced. Are you sure?',
} as const;

/** The components that can give their implants: the collection's other cases that have any. */
export const findCloneSources = <Case extends { uid: string; implants: readonly unknown[] }>(
  cases: readonly Case[],
  caseUid: string,
): Case[] => cases.filter((item) => item.uid !== caseUid && item.implants.length > 0);
