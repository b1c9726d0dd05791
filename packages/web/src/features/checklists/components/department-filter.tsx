import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { departmentFilters } from '@lab/domain';
import type { DepartmentFilter } from '../checklist-rules';

type DepartmentFilterSelectProps = { value: DepartmentFilter; onChange: (value: DepartmentFilter) => void };

/** The Checklist screen's department filter; ALL shows everything. */
export const DepartmentFilterSelect = ({ value, onChange }: DepartmentFilterSelectProps) => (
  <TextField
    select
    size="small"
    label="Department"
    value={value}
    onChange={(event) => onChange(event.target.value as DepartmentFilter)}
    sx={{ minWidth: 180 }}
  >
    {departmentFilters.map((department) => (
      <MenuItem key={department} value={department}>
        {department}
      </MenuItem>
    ))}
  </TextField>
);
