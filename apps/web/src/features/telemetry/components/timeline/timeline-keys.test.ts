import { describe, expect, it } from 'vitest';
import { timelineKeyAction } from './timeline-keys.ts';

describe('timelineKeyAction', () => {
  it('pans by a tenth of the window with the arrow keys', () => {
    expect(timelineKeyAction('ArrowLeft')).toEqual({ type: 'pan', by: -0.1 });
    expect(timelineKeyAction('ArrowRight')).toEqual({ type: 'pan', by: 0.1 });
  });

  it('zooms in with + or = and out with -', () => {
    expect(timelineKeyAction('+')).toEqual({ type: 'zoom', factor: 0.5 });
    expect(timelineKeyAction('=')).toEqual({ type: 'zoom', factor: 0.5 });
    expect(timelineKeyAction('-')).toEqual({ type: 'zoom', factor: 2 });
  });

  it('steps through reconciles with brackets, follows live with F, clears with Escape', () => {
    expect(timelineKeyAction(']')).toEqual({ type: 'step', direction: 1 });
    expect(timelineKeyAction('[')).toEqual({ type: 'step', direction: -1 });
    expect(timelineKeyAction('f')).toEqual({ type: 'follow' });
    expect(timelineKeyAction('Escape')).toEqual({ type: 'clear' });
  });

  it('leaves every other key to the page', () => {
    expect(timelineKeyAction('Tab')).toBeUndefined();
    expect(timelineKeyAction('a')).toBeUndefined();
  });
});
