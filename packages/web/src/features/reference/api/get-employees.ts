import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, employeeSchema, type Employee } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getEmployees = (signal?: AbortSignal): Promise<Employee[]> =>
  apiClient.get('/api/v2/case/employees/', employeeSchema.array(), signal);

export const employeesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'employees'],
    queryFn: ({ signal }) => getEmployees(signal),
    meta: loadErrorMeta(referenceLoadErrors.employees),
  });

export const useEmployees = () => useQuery(employeesQueryOptions());
