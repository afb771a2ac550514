// WebKitGTK (Safari's engine family) over W3C WebDriver: Debian's WebKitWebDriver under a virtual
// display (xvfb-run), driven with selenium-webdriver. The driver takes one session at a time, so
// each tab is a session of its own (a fresh MiniBrowser: no cookie or storage of another tab), and
// opening a tab ends the previous one. The visitor's zone is the driver's TZ.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { By, Key as K, WebDriver } from 'selenium-webdriver';
// @ts-ignore no types for the http submodule
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { optionsOffered, type Emulator } from '../harness';
import { browserZone } from '../clock';
import { poll, probeErrors, servedSince } from './shared';
import type { Engine, Key, Tab, Viewport } from './types';

const MINIBROWSER = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'];
export const webkitDriverPath = () => ['/usr/bin/WebKitWebDriver'].find(existsSync) ?? null;
export const miniBrowserPath = () =>
  [process.env.PIAZZA_MINIBROWSER, ...MINIBROWSER].find((p): p is string => !!p && existsSync(p)) ?? null;

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.once('error', fail);
  });

const KEYS: Record<Key, string> = {
  Enter: K.ENTER,
  Tab: K.TAB,
  Escape: K.ESCAPE,
  ' ': K.SPACE,
  ArrowDown: K.ARROW_DOWN,
  ArrowUp: K.ARROW_UP,
  ArrowLeft: K.ARROW_LEFT,
  ArrowRight: K.ARROW_RIGHT,
  Home: K.HOME,
  End: K.END,
  Backspace: K.BACK_SPACE,
};

/**
 * A page function called with JSON arguments; a returned promise is awaited, a throw comes back as
 * one. Its source goes into the script WebDriver runs (not through eval, which a page's CSP forbids).
 */
const asyncCall = (fn: unknown) => `const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, arguments.length - 1);
const fail = (e) => done({ error: String(e && e.message || e) + '\\n' + String(e && e.stack || '') });
try {
  Promise.resolve((${String(fn)}).apply(null, args)).then((v) => done({ ok: v === undefined ? null : v }), fail);
} catch (e) { fail(e); }`;

/** `promise`, or an error naming `what` after `ms`: a hung MiniBrowser must fail a step, not the whole run. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`WebKit: no answer in ${ms} ms to ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function webkitEngine(portal: Emulator): Promise<Engine> {
  const driverBin = webkitDriverPath();
  const binary = miniBrowserPath();
  if (!driverBin || !binary)
    throw new Error('WebKitGTK not found: run scripts/ensure-browsers.sh (apt-get install webkit2gtk-driver xvfb)');

  // The driver under its own virtual display (xvfb-run), in a process group of its own so that
  // a restart ends the MiniBrowsers it started too.
  let driverProc: ChildProcess;
  let server = '';
  const startDriver = async () => {
    const port = await freePort();
    driverProc = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', driverBin, `--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, TZ: browserZone() },
      stdio: 'ignore',
      detached: true,
    });
    server = `http://127.0.0.1:${port}`;
    await poll(async () => (await fetch(server + '/status')).ok, 'WebKitWebDriver to listen', 20_000);
  };
  const stopDriver = () => {
    try {
      process.kill(-driverProc.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  await startDriver();
  let current: WebDriver | null = null;

  /** Ends the tab's session; a browser that does not answer takes the driver down with it, and a new one starts. */
  const endSession = async () => {
    const d = current;
    current = null;
    if (!d) return;
    try {
      await within(d.quit(), 15_000, 'end the session');
    } catch {
      stopDriver();
      await startDriver();
    }
  };
  const createSession = async () => {
    const driver = WebDriver.createSession(new Executor(new HttpClient(server)), {
      'webkitgtk:browserOptions': { binary, args: ['--automation'] },
    } as any);
    await driver.getSession(); // the MiniBrowser is up
    return driver;
  };

  return {
    name: 'webkit',
    async newTab(viewport = { width: 1280, height: 900 }) {
      await endSession();
      let driver: WebDriver;
      try {
        driver = await within(createSession(), 30_000, 'start a session');
      } catch {
        stopDriver();
        await startDriver();
        driver = await within(createSession(), 30_000, 'start a session (on a restarted driver)');
      }
      current = driver;
      await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
      const evaluate = async (fn: unknown, ...args: unknown[]) => {
        const r: any = await within(driver.executeAsyncScript(asyncCall(fn), ...args), 35_000, 'a script');
        if (r && 'error' in r) throw new Error('in the page: ' + r.error);
        return r?.ok;
      };
      const element = (selector: string) => driver.findElement(By.css(selector));
      const served = servedSince(portal, portal.servedSeq());
      const setViewport = async ({ width, height }: Viewport) => {
        // The window's size includes MiniBrowser's own frame: size it, measure the page, correct once.
        // (Its toolbar keeps the page at least 447 CSS px wide: narrower asks get 447.)
        await driver.manage().window().setRect({ width, height });
        const inner = (await evaluate(() => [innerWidth, innerHeight])) as number[];
        if (inner[0] !== width || inner[1] !== height) {
          await driver
            .manage()
            .window()
            .setRect({ width: width * 2 - inner[0], height: height * 2 - inner[1] });
        }
      };
      const tab: Tab = {
        engine: 'webkit',
        goto: async (url) => {
          await within(driver.get(url), 35_000, 'load ' + url);
        },
        url: () => driver.getCurrentUrl(),
        back: async () => {
          await evaluate(() => {
            history.back();
          });
        },
        evaluate: evaluate as Tab['evaluate'],
        waitFor: ((fn: unknown, ...args: unknown[]) => poll(() => evaluate(fn, ...args), String(fn).slice(0, 160))) as Tab['waitFor'],
        click: async (selector) => {
          const el = await element(selector);
          // Instantly: portals' CSS scrolls smoothly, and a click mid-scroll finds the element out of view.
          await driver.executeScript('arguments[0].scrollIntoView({block: "center", behavior: "instant"})', el);
          await el.click();
        },
        focus: async (selector) => {
          await driver.executeScript('arguments[0].focus()', await element(selector));
        },
        press: async (key, { shift = false } = {}) => {
          const actions = driver.actions({ async: true });
          if (shift) await actions.keyDown(K.SHIFT).sendKeys(KEYS[key]).keyUp(K.SHIFT).perform();
          else await actions.sendKeys(KEYS[key]).perform();
        },
        type: async (selector, text) => {
          await (await element(selector)).sendKeys(text);
        },
        select: async (selector, value) => {
          // A click on the option: the spec's "element click" on an <option> selects it and fires input/change.
          // (once the option is there: a listing's facet options follow its first results)
          await tab.waitFor(optionsOffered, selector, [value]);
          await tab.click(`${selector} option[value="${value.replace(/"/g, '\\"')}"]`);
        },
        setViewport,
        errors: () => probeErrors(tab),
        failedResponses: served.failedResponses,
        requested: served.requested,
        close: async () => {
          if (current === driver) await endSession();
        },
      };
      await setViewport(viewport);
      return tab;
    },
    async close() {
      await endSession();
      stopDriver();
    },
  };
}
