import { describe, expect, it } from 'vitest';
import { cursorStackFor, pageWindow, popCursor, pushCursor, type CursorStack } from './paging';

const start: CursorStack = { key: '', cursors: [null] };

describe('cursor paging', () => {
  it('walks forward through the server cursors and back through the same ones', () => {
    const second = pushCursor(start, '', 'c2');
    const third = pushCursor(second, '', 'c3');
    expect(cursorStackFor(third, '')).toEqual([null, 'c2', 'c3']);
    const back = popCursor(third, '');
    expect(cursorStackFor(back, '')).toEqual([null, 'c2']);
    expect(cursorStackFor(popCursor(back, ''), '')).toEqual([null]);
  });

  it('never pops past the first page', () => {
    expect(cursorStackFor(popCursor(start, ''), '')).toEqual([null]);
  });

  it('starts again from the first page when the search changes', () => {
    const paged = pushCursor(pushCursor(start, 'ann', 'c2'), 'ann', 'c3');
    expect(cursorStackFor(paged, 'bob')).toEqual([null]);
    expect(cursorStackFor(pushCursor(paged, 'bob', 'b2'), 'bob')).toEqual([null, 'b2']);
  });
});

describe('page numbers', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, last and neighbouring pages with gaps between', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20]);
  });

  it('clamps a page out of range and offers nothing without pages', () => {
    expect(pageWindow(9, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
