// A file picker's choice added to the files already chosen (the message composer's attachments, the New
// Approval files): a name is there once, so a file chosen again by name, or twice at once, is skipped
// and the one chosen first is kept.

export const addFilesByName = (current: readonly File[], chosen: readonly File[]): File[] => {
  const names = new Set(current.map((file) => file.name));
  const added = chosen.filter((file) => {
    if (names.has(file.name)) return false;
    names.add(file.name);
    return true;
  });
  return [...current, ...added];
};
