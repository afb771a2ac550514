import { describe, expect, it } from 'vitest';
import { stepForHash, toggleAllAction, toggleAllState } from '../../../helpers/procedure/model';

describe('procedure: show all / hide all', () => {
  it('offers only "hide all" when every step is open, otherwise only "show all"', () => {
    expect(toggleAllState([true, true, true])).toEqual({ allOpen: true, showAllVisible: false });
    expect(toggleAllState([false, false])).toEqual({ allOpen: false, showAllVisible: true });
    expect(toggleAllState([true, false])).toEqual({ allOpen: false, showAllVisible: true });
    expect(toggleAllState([])).toEqual({ allOpen: false, showAllVisible: true });
  });

  it('closes all when all are open, else opens the rest', () => {
    expect(toggleAllAction([true, true])).toBe('close');
    expect(toggleAllAction([true, false])).toBe('open');
    expect(toggleAllAction([false, false])).toBe('open');
  });
});

describe('procedure: #step links', () => {
  const steps = [
    { id: 'collapse-a-0', headingId: 'heading-a-0' },
    { id: 'collapse-a-1', headingId: null },
  ];
  it('finds the step by its id or its heading id', () => {
    expect(stepForHash('#collapse-a-1', steps)).toBe(1);
    expect(stepForHash('#heading-a-0', steps)).toBe(0);
    expect(stepForHash('#altro', steps)).toBe(-1);
    expect(stepForHash('', steps)).toBe(-1);
    expect(stepForHash('#%E0%A4%A', steps)).toBe(-1);
  });
});
