import { describe, expect, it } from 'vitest';
import { queueParamsPatch, readQueueParams } from './queue-params';
import { departmentOfPage } from './work-queue-page';

// The queue pages keep their filters in the address; the bench comes from the page's name.

describe('queue address state', () => {
  it('reads branch, delegate (or none) and status, ignoring what cannot be an id', () => {
    expect(readQueueParams(new URLSearchParams('branch=2&delegate=none&status=7'))).toEqual({
      branch: 2,
      delegate: 'none',
      status: 7,
    });
    expect(readQueueParams(new URLSearchParams('branch=x&delegate=0&status=-1'))).toEqual({
      branch: null,
      delegate: null,
      status: null,
    });
  });

  it('writes a filter change; a new branch clears the delegate and status', () => {
    expect(queueParamsPatch({ delegate: 21 })).toEqual({ delegate: '21' });
    expect(queueParamsPatch({ status: null })).toEqual({ status: null });
    expect(queueParamsPatch({ branch: 2 })).toEqual({ branch: '2', delegate: null, status: null });
  });

  it('takes the bench from the page name, else ?department=', () => {
    expect(departmentOfPage('/static/v2/design.html', '')).toBe('DESIGN');
    expect(departmentOfPage('/static/v2/finishing.html', '')).toBe('FINISHING');
    expect(departmentOfPage('/static/v2/warehouse.html', '?department=design')).toBe('WAREHOUSE');
    expect(departmentOfPage('/static/v2/work-queue.html', '?department=warehouse')).toBe('WAREHOUSE');
    expect(departmentOfPage('/static/v2/work-queue.html', '')).toBe('DESIGN');
  });
});
