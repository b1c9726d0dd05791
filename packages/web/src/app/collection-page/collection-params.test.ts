import { describe, expect, it } from 'vitest';
import { patchSearchParams } from '../../lib/url-state';
import {
  backToSearchPatch,
  changeViewPatch,
  isBackToSearchShown,
  isDirectLoad,
  isNavDrawerShown,
  openCollectionPatch,
  readCollectionPageState,
  resolveView,
  searchPatch,
  showActivePatch,
} from './collection-params';

const read = (query: string) => readCollectionPageState(new URLSearchParams(query));
const move = (query: string, patch: Parameters<typeof patchSearchParams>[1]) =>
  patchSearchParams(new URLSearchParams(query), patch).toString();

describe('reading the collection page state', () => {
  it('is the search view without a collection', () => {
    expect(read('')).toEqual({
      uid: null,
      cuid: null,
      view: 'noCollection',
      search: '',
      department: null,
      messageTypeCode: null,
      muid: null,
      approval: null,
    });
    expect(read('search=smith').view).toBe('noCollection');
    expect(read('view=messages').view).toBe('noCollection');
  });

  it('opens a collection in the components view unless another collection view is asked for', () => {
    expect(read('uid=abc').view).toBe('components');
    expect(read('uid=abc&view=approvals').view).toBe('approvals');
    expect(read('uid=abc&view=nonsense').view).toBe('components');
    expect(read('uid=abc&view=noCollection').view).toBe('components');
  });

  it('reads the active view and the parameters kept for later views', () => {
    expect(resolveView(null, 'active')).toBe('active');
    expect(
      read(
        'uid=a&cuid=b&department=DESIGN&messageTypeCode=CUSTOMER_SERVICE_NOTE&muid=m&view=messages&approval=p',
      ),
    ).toEqual({
      uid: 'a',
      cuid: 'b',
      view: 'messages',
      search: '',
      department: 'DESIGN',
      messageTypeCode: 'CUSTOMER_SERVICE_NOTE',
      muid: 'm',
      approval: 'p',
    });
  });

  it('treats blank values as absent', () => {
    expect(read('uid=%20&search=%20%20').uid).toBeNull();
    expect(read('uid=&search=').view).toBe('noCollection');
  });
});

describe('what the shell shows', () => {
  it('shows the navigation entries only with an open collection in a collection view', () => {
    expect(isNavDrawerShown(read('uid=a'))).toBe(true);
    expect(isNavDrawerShown(read('uid=a&view=dispatches'))).toBe(true);
    expect(isNavDrawerShown(read('uid=a&view=active'))).toBe(false);
    expect(isNavDrawerShown(read('search=smith'))).toBe(false);
  });

  it('is a direct load when the URL brings a collection or a search', () => {
    expect(isDirectLoad(new URLSearchParams('uid=a'))).toBe(true);
    expect(isDirectLoad(new URLSearchParams('search=smith'))).toBe(true);
    expect(isDirectLoad(new URLSearchParams('view=active'))).toBe(true);
    expect(isDirectLoad(new URLSearchParams(''))).toBe(false);
  });

  it('hides Back to Search in the search view and on an untouched direct load', () => {
    expect(isBackToSearchShown('noCollection', false)).toBe(false);
    expect(isBackToSearchShown('components', true)).toBe(false);
    expect(isBackToSearchShown('components', false)).toBe(true);
    expect(isBackToSearchShown('active', false)).toBe(true);
  });
});

describe('moves', () => {
  it('opens a result in the components view and keeps the keyword for Back to Search', () => {
    const opened = move('search=smith', openCollectionPatch('abc'));
    expect(opened).toBe('search=smith&uid=abc&view=components');
    expect(move(opened, backToSearchPatch())).toBe('search=smith');
  });

  it('a new search closes the collection', () => {
    expect(move('uid=abc&cuid=c&view=messages&muid=m&search=old', searchPatch('new'))).toBe('search=new');
  });

  it('switches to the active view and between collection views', () => {
    expect(move('search=smith', showActivePatch())).toBe('search=smith&view=active');
    expect(move('uid=a&view=messages&muid=m&messageTypeCode=X&cuid=c', changeViewPatch('approvals'))).toBe(
      'uid=a&view=approvals&cuid=c',
    );
    // The approval filter belongs to one visit of the messages view, like muid.
    expect(move('uid=a&view=messages&approval=p', changeViewPatch('components'))).toBe(
      'uid=a&view=components',
    );
    expect(move('uid=a&view=messages&approval=p', backToSearchPatch())).toBe('');
  });
});
