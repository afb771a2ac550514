// @vitest-environment jsdom
// The polite announcer: a burst says only its last message, and a message given as a function has
// its words made when they are said — never for a message a later one replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnnouncer } from '../../../runtime/dom';

describe('createAnnouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  it('makes a function’s words when it speaks, after its delay, and only for the last of a burst', () => {
    const announcer = createAnnouncer(document.body, 250);
    const made: string[] = [];
    const words = (text: string) => () => {
      made.push(text);
      return text;
    };
    announcer.say(words('12 risultati'));
    announcer.say(words('3 risultati'));
    expect(made).toEqual([]); // nothing made on the way (the results' task)
    expect(announcer.element.hasAttribute('data-piazza-announcing')).toBe(true);
    vi.advanceTimersByTime(250);
    vi.advanceTimersToNextFrame();
    expect(made).toEqual(['3 risultati']);
    expect(announcer.element.textContent).toBe('3 risultati');
    expect(announcer.element.hasAttribute('data-piazza-announcing')).toBe(false);
    announcer.destroy();
  });

  it('says a plain text as before', () => {
    const announcer = createAnnouncer(document.body, 250);
    announcer.say('Nessun risultato');
    vi.advanceTimersByTime(250);
    vi.advanceTimersToNextFrame();
    expect(announcer.element.textContent).toBe('Nessun risultato');
    expect(announcer.element.getAttribute('role')).toBe('status');
    announcer.destroy();
  });
});
