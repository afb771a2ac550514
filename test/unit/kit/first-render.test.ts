// @vitest-environment jsdom
// The kit's promise about the fallback: a block's element keeps its fallback content until the
// block's first render (or the end of its setup), so a setup that lets the page run before it
// renders (the listing's: issue 31, Total Blocking Time) never leaves a frame with the block empty.
import type { ValidateFunction } from 'ajv';
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { defineBlock } from '../../../runtime/block/kit';
import { createEmitter } from '../../../runtime/events';
import { adminLog, adminNotes, linePrefix } from '../../../runtime/log';
import type { BlockContext } from '../../../runtime/types';

const anyConfig = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
const explain = async (what: unknown) => JSON.stringify(what);
const context = (): BlockContext => ({
  version: 'test',
  nonce: '',
  base: '/dist/',
  events: createEmitter(adminNotes('[piazza] ', explain)),
  explain,
  blockId: 'prova',
  type: 'prova',
  log: adminLog(linePrefix('prova', 'prova'), explain),
});
const blockElement = () => {
  const element = document.body.appendChild(document.createElement('div'));
  element.innerHTML = '<script type="application/json">{}</script><p>fallback</p>';
  return element;
};

describe('the fallback until the first render', () => {
  it('stays while a setup awaits, and gives way to the host (and its announcer) at the first render', async () => {
    let go!: () => void;
    const paused = new Promise<void>((resolve) => (go = resolve));
    const mount = defineBlock({
      validate: anyConfig,
      keepConfig: true,
      hostClass: 'prova-host',
      async setup({ render }) {
        await paused;
        render(h('p', { class: 'prova' }, 'mounted'));
      },
    });
    const element = blockElement();
    const mounting = mount(element, {}, context());
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Mid-setup: the page's own content, untouched.
    expect(element.querySelector('p')?.textContent).toBe('fallback');
    expect(element.querySelector('.prova-host')).toBeNull();
    expect(element.querySelector('[role=status]')).toBeNull();
    go();
    const cleanup = await mounting;
    expect(element.textContent).not.toContain('fallback');
    expect(element.querySelector('.prova-host > .prova')?.textContent).toBe('mounted');
    expect(element.querySelector('[role=status]')).not.toBeNull();
    // the config script kept, first (keepConfig)
    expect(element.firstElementChild?.getAttribute('type')).toBe('application/json');
    cleanup();
    expect(element.querySelector('[role=status]')).toBeNull();
  });

  it('gives way at the end of a setup that rendered nothing', async () => {
    const mount = defineBlock({ validate: anyConfig, hostClass: 'prova-host', setup() {} });
    const element = blockElement();
    await mount(element, {}, context());
    expect(element.textContent).not.toContain('fallback');
    expect(element.querySelector('.prova-host')).not.toBeNull();
    expect(element.querySelector('script')).toBeNull(); // not kept without keepConfig
  });

  it('stays, untouched, when a setup throws before its first render', async () => {
    const mount = defineBlock({
      validate: anyConfig,
      async setup() {
        await Promise.resolve();
        throw new Error('no');
      },
    });
    const element = blockElement();
    const before = element.innerHTML;
    await expect(mount(element, {}, context())).rejects.toThrow('no');
    expect(element.innerHTML).toBe(before);
  });
});

describe('block:shown', () => {
  it("is told once per mount, with the block's id, type and element, when its setup says its first content is on screen", async () => {
    const ctx = context();
    const told: unknown[] = [];
    ctx.events.on('block:shown', (e) => told.push(e));
    let shownNow!: () => void;
    const mount = defineBlock({
      validate: anyConfig,
      setup({ render, shown }) {
        render(h('p', null, 'loading'));
        shownNow = shown;
      },
    });
    const element = blockElement();
    await mount(element, {}, ctx);
    expect(told).toEqual([]); // rendered, but not its content yet
    shownNow();
    shownNow(); // a later page of results, a retry: not a first content
    expect(told).toEqual([{ blockId: 'prova', type: 'prova', element }]);
    // a mount of its own tells again
    await mount(blockElement(), {}, ctx);
    shownNow();
    expect(told).toHaveLength(2);
  });
});
