import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

// The branch a lab-wide desk shows (Check-in, Customer Service): kept in the address (?branch=), so a
// desk's tab reopens where it was; null until one is chosen, when the server answers the employee's own.

export const useBranchInAddress = (): [number | null, (id: number) => void] => {
  const [chosen, setChosen] = useState<number | null>(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('branch'));
    return Number.isInteger(asked) && asked > 0 ? asked : null;
  });
  const choose = (id: number) => {
    setChosen(id);
    const url = new URL(window.location.href);
    url.searchParams.set('branch', String(id));
    window.history.replaceState(null, '', url);
  };
  return [chosen, choose];
};

export const BranchSelect = ({
  value,
  branches,
  onChange,
}: {
  value: number | null;
  branches: readonly { id: number; name: string }[];
  onChange: (id: number) => void;
}) => (
  <TextField
    select
    size="small"
    label="Branch"
    value={value ?? ''}
    onChange={(event) => onChange(Number(event.target.value))}
    sx={{ minWidth: 200 }}
  >
    {branches.map((branch) => (
      <MenuItem key={branch.id} value={branch.id}>
        {branch.name}
      </MenuItem>
    ))}
  </TextField>
);
