// One browser harness for all engines: a test written against `Tab` runs on Chromium and Firefox
// (puppeteer: CDP, WebDriver BiDi) and on WebKitGTK (W3C WebDriver, selenium-webdriver). Only what
// every engine can do is here; what a page reports (console errors, failed requests, its clock) comes
// from the emulator's probe (fixtures/emulator/probe.mjs) and served log, the same in all three.

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit'];

/** A function evaluated in the page: its source is sent, so it may use only its arguments. */
export type PageFunction<A extends unknown[], R> = (...args: A) => R | Promise<R>;

export interface Viewport {
  width: number;
  height: number;
}

/** Keys every engine's driver can press (W3C key names; ' ' is the space bar). */
export type Key = 'Enter' | 'Tab' | 'Escape' | ' ' | 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'Backspace';

export interface Tab {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  back(): Promise<void>;
  /** Runs `fn` in the page with JSON arguments; awaits a returned promise. */
  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>;
  /** Polls `fn` until it returns a truthy value (default 15 s), which it returns. */
  waitFor<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>;
  /** A real click in the middle of the element (scrolled into view). */
  click(selector: string): Promise<void>;
  focus(selector: string): Promise<void>;
  /** Presses a key where focus is, `shift` held for Shift+Tab. */
  press(key: Key, options?: { shift?: boolean }): Promise<void>;
  /** Types into the element (focusing it first). */
  type(selector: string, text: string): Promise<void>;
  /** Chooses an option of a <select> by its value, as a visitor would (change event), once it is there. */
  select(selector: string, value: string): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  /** What the page reported since it opened: console errors, uncaught errors, failed loads. */
  errors(): Promise<string[]>;
  /** Responses ≥ 400 the emulator sent since this tab opened, as "status url". */
  failedResponses(): Promise<string[]>;
  /** Every URL requested from the emulator since this tab opened (path and query). */
  requested(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** A tab in a fresh profile or context: no cookie or storage of another tab. */
  newTab(viewport?: Viewport): Promise<Tab>;
  close(): Promise<void>;
}
