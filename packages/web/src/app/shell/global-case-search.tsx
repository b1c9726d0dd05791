import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type FormEvent } from 'react';
import { globalSearchMinimumLength } from '@lab/domain';
import { collectionPageUrl, goTo } from '../../lib/navigation';

export const globalSearchUrl = (text: string): string | null => {
  const keyword = text.trim();
  return keyword.length >= globalSearchMinimumLength ? collectionPageUrl({ search: keyword }) : null;
};

/** The footer's 'Case Search' box: a full load of the collection page with the keyword, from any page. */
export const GlobalCaseSearch = () => {
  const [keyword, setKeyword] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const url = globalSearchUrl(keyword);
    if (url) goTo(url);
  };
  return (
    <form role="search" onSubmit={handleSubmit}>
      <TextField
        label="Case Search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        size="small"
        sx={{ width: 240 }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
};
