import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type FormEvent } from 'react';
import { globalSearchMinimumLength } from '@lab/domain';
import { OutlinedTextBox } from '../../components/outlined-text-box';
import { collectionPageUrl, goTo } from '../../lib/navigation';

export const globalSearchUrl = (text: string): string | null => {
  const keyword = text.trim();
  return keyword.length >= globalSearchMinimumLength ? collectionPageUrl({ search: keyword }) : null;
};

/**
 * Where the box leads: a scanned case label (or a full case key) opens its case in the drawer; anything
 * else, or a key that names no case, is the collection search.
 */
export const caseSearchDestination = async (text: string): Promise<string | null> => {
  // The label lookup (and its schemas) downloads on the first submit: the footer is on every first paint.
  const scanned = await import('../../features/printing/api/find-case-label')
    .then(({ findScannedCase }) => findScannedCase(text))
    .catch(() => null);
  if (scanned) return collectionPageUrl({ uid: scanned.collection_uid, cuid: scanned.case_uid });
  return globalSearchUrl(text);
};

/** The footer's 'Case Search' box: a full load of the collection page with the keyword, from any page. */
export const GlobalCaseSearch = () => {
  const [keyword, setKeyword] = useState('');
  const [isResolving, setIsResolving] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A scanner types the code and Enter at once: the box waits for the lookup before anything else.
    if (isResolving) return;
    setIsResolving(true);
    void caseSearchDestination(keyword).then((url) => {
      setIsResolving(false);
      if (url) goTo(url);
    });
  };
  return (
    <form role="search" onSubmit={handleSubmit}>
      <OutlinedTextBox
        label="Case Search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        size="small"
        sx={{ width: 240 }}
        endAdornment={
          <InputAdornment position="end">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
    </form>
  );
};
