import { describe, expect, it } from 'vitest';
import { addFilesByName } from './add-files-by-name';

describe('addFilesByName', () => {
  it('skips a file whose name is already chosen, or chosen twice at once', () => {
    const first = new File(['1'], 'scan.stl');
    const again = new File(['2'], 'scan.stl');
    const other = new File(['3'], 'bite.stl');
    expect(addFilesByName([first], [again, other, other]).map((file) => file.name)).toEqual([
      'scan.stl',
      'bite.stl',
    ]);
    expect(addFilesByName([first], [again])[0]).toBe(first);
  });
});
