import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { Script, createContext } from 'node:vm';
import { startHarness, enc, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => h.api.reset());

const REST_Q = `/api/opendata/v2/content/search/${enc('classes [event] limit 2')}`;
const MODULE_Q = `/ita/opendata/api/content/search/?q=${enc('classes [event] limit 2')}`;
const SERVER_Q = '/openpa/data/block_opendata_queried_contents/eventi-server/search/?limit=2';
const withParam = (path: string, param: string) => path + (path.includes('?') ? '&' : '?') + param;

/** Runs a JSONP body and returns the arguments of every callback call. */
function runJsonp(text: string, name = 'cb'): unknown[] {
  const calls: unknown[] = [];
  const sandbox: Record<string, unknown> = { [name]: (x: unknown) => calls.push(x) };
  new Script(text).runInContext(createContext(sandbox));
  return calls;
}

describe('JSONP', () => {
  it('wraps any front door when callback is present', async () => {
    for (const path of [REST_Q, MODULE_Q, SERVER_Q]) {
      const r = await h.fetch(withParam(path, 'callback=cb'));
      expect(r.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      const text = await r.text();
      expect(text.startsWith('cb(') && text.endsWith(');')).toBe(true);
      const calls = runJsonp(text) as any[];
      expect(calls).toHaveLength(1);
      expect(calls[0].totalCount).toBeGreaterThan(0);
    }
  });

  it('accepts dotted jQuery-style names and rejects anything else', async () => {
    const ok = await h.fetch(withParam(REST_Q, 'callback=jQuery3510_17.done&_=1700000000'));
    expect((await ok.text()).startsWith('jQuery3510_17.done(')).toBe(true);
    for (const bad of ['alert(1)', '1abc', 'a-b', '<script>']) {
      const r = await h.fetch(withParam(REST_Q, 'callback=' + enc(bad)));
      expect(r.status, bad).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/json');
    }
  });

  it('wraps errors too, with the real status', async () => {
    const r = await h.fetch(`/api/opendata/v2/content/read/999999?callback=cb`);
    expect(r.status).toBe(404);
    expect((runJsonp(await r.text()) as any[])[0].error_type).toContain('NotFoundException');
  });
});

describe('fault knobs, per request', () => {
  it('__status / X-Emulator-Status give each front door its own error body', async () => {
    const cases: [string, number, string[]][] = [
      [REST_Q, 500, ['error_type', 'error_message']],
      [REST_Q, 404, ['error_type', 'error_message']],
      [REST_Q, 400, ['error_type', 'error_message']],
      [MODULE_Q, 500, ['error_code', 'error_message']],
      [MODULE_Q, 400, ['error_code', 'error_message']],
      [SERVER_Q, 500, ['error']],
      [SERVER_Q, 404, ['error']],
    ];
    for (const [path, status, keys] of cases) {
      const viaParam = await h.json(withParam(path, `__status=${status}`));
      expect(viaParam.status, path).toBe(status);
      expect(Object.keys(viaParam.body), path).toEqual(keys);
      const viaHeader = await h.json(path, { headers: { 'X-Emulator-Status': String(status) } });
      expect(viaHeader.status).toBe(status);
      expect(viaHeader.body).toEqual(viaParam.body);
    }
    const rest = await h.json(withParam(REST_Q, '__status=500'));
    expect(rest.headers.get('x-api-error-type')).toBe('Exception');
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('__invalid: a body that is not JSON (nor valid JSONP)', async () => {
    const text = await (await h.fetch(withParam(REST_Q, '__invalid=1'))).text();
    expect(() => JSON.parse(text)).toThrow();
    const js = await (await h.fetch(REST_Q + '?callback=cb', { headers: { 'X-Emulator-Invalid': '1' } })).text();
    expect(() => runJsonp(js)).toThrow(SyntaxError);
  });

  it('__empty: status 200 and no body', async () => {
    const r = await h.fetch(withParam(MODULE_Q, '__empty=1'));
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
    const js = await h.fetch(REST_Q + '?callback=cb', { headers: { 'X-Emulator-Empty': 'true' } });
    expect(await js.text()).toBe('');
  });

  it('__silent: JSONP that never calls back; plain JSON that never answers', async () => {
    const r = await h.fetch(REST_Q + '?callback=cb&__silent=1');
    expect(r.status).toBe(200);
    expect(runJsonp(await r.text())).toEqual([]);
    const controller = new AbortController();
    const pending = h.fetch(withParam(REST_Q, '__silent=1'), { signal: controller.signal }).then(
      () => 'answered',
      () => 'aborted',
    );
    const quick = await h.json(REST_Q); // the server keeps serving meanwhile
    expect(quick.status).toBe(200);
    controller.abort();
    expect(await pending).toBe('aborted');
  });

  it('__twice: JSONP that calls back twice', async () => {
    const calls = runJsonp(await (await h.fetch(REST_Q + '?callback=cb&__twice=1')).text());
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual(calls[1]);
    const viaHeader = runJsonp(await (await h.fetch(REST_Q + '?callback=cb', { headers: { 'X-Emulator-Twice': '1' } })).text());
    expect(viaHeader).toHaveLength(2);
  });

  it('__latency / X-Emulator-Latency hold the answer back: a later fast request overtakes it', async () => {
    for (const init of [{ path: withParam(REST_Q, '__latency=400') }, { path: REST_Q, headers: { 'X-Emulator-Latency': '400' } }]) {
      const order: string[] = [];
      const slow = h.fetch(init.path, { headers: init.headers }).then(async (r) => {
        await r.text();
        order.push('slow');
      });
      await new Promise((ok) => setTimeout(ok, 20));
      await h.fetch(REST_Q).then(async (r) => {
        await r.text();
        order.push('fast');
      });
      await slow;
      expect(order).toEqual(['fast', 'slow']);
    }
  });

  it('hold keeps an armed answer until the test releases it; other requests are served meanwhile', async () => {
    h.api.faults.arm({ match: 'limit 2', hold: true, times: 1 });
    let state = 'pending';
    const held = h.json(REST_Q).then((r) => {
      state = 'answered';
      return r;
    });
    const other = await h.json(`/api/opendata/v2/content/search/${enc('classes [event] limit 3')}`);
    expect(other.status).toBe(200);
    expect(state).toBe('pending'); // the held answer did not overtake a request sent after it
    expect(h.api.faults.release()).toBe(1);
    const answer = await held;
    expect([answer.status, answer.body.totalCount > 0]).toEqual([200, true]);
    expect(h.api.faults.release()).toBe(0);
  });

  it('knob parameters never reach query parsing', async () => {
    const server = await h.json(withParam(SERVER_Q, '__latency=1&__twice=0'));
    expect(server.body.nextPageQuery).toBe('?limit=2&offset=2');
    expect(server.body.query).not.toContain('__');
    const dt = await h.json(`/opendata/api/datatable/search/?q=${enc(enc('classes [topic]'))}&draw=2&__empty=0&length=3`);
    expect(dt.body.draw).toBe(3);
    expect(dt.body.data).toHaveLength(3);
  });
});

describe('control API', () => {
  const arm = (spec: object) =>
    h.fetch('/__emulator/faults', { method: 'POST', body: JSON.stringify(spec), headers: { 'Content-Type': 'application/json' } });

  it('arms a fault for the next N matching requests, then it clears', async () => {
    expect((await arm({ match: 'classes [event]', status: 500, times: 2 })).status).toBe(201);
    expect((await h.json('/__emulator/faults')).body).toHaveLength(1);
    expect((await h.json(REST_Q)).status).toBe(500); // matched on the decoded path
    expect((await h.json(`/api/opendata/v2/content/read/4001`)).status).toBe(200); // not matching
    expect((await h.json(MODULE_Q)).status).toBe(500);
    expect((await h.json(REST_Q)).status).toBe(200);
    expect((await h.json('/__emulator/faults')).body).toEqual([]);
  });

  it('keeps a fault without times until DELETE, and combines knobs', async () => {
    await arm({ match: 'eventi-server', invalid: true });
    for (let i = 0; i < 3; i++) {
      const text = await (await h.fetch(SERVER_Q)).text();
      expect(() => JSON.parse(text)).toThrow();
    }
    expect((await h.fetch('/__emulator/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await h.json(SERVER_Q)).status).toBe(200);
    await arm({ match: '', empty: true, times: 1 });
    expect(await (await h.fetch(REST_Q)).text()).toBe('');
    expect((await h.json(REST_Q)).status).toBe(200);
  });

  it('applies to tiles too (map failure tests)', async () => {
    await arm({ match: '/tiles/', status: 404, times: 1 });
    expect((await h.fetch('/tiles/1/0/0.png')).status).toBe(404);
    expect((await h.fetch('/tiles/1/0/0.png')).status).toBe(200);
  });

  it('logs API requests (method, path, query, time) and clears the log', async () => {
    await h.fetch('/__emulator/log', { method: 'DELETE' });
    await h.fetch(REST_Q);
    await h.fetch(withParam(MODULE_Q, 'view=card'));
    await h.fetch(SERVER_Q);
    await h.fetch('/tiles/1/0/0.png'); // not an API request
    const log = (await h.json('/__emulator/log')).body;
    expect(log.map((e: any) => e.front)).toEqual(['rest', 'module', 'server']);
    expect(log[0]).toMatchObject({ method: 'GET', path: REST_Q, query: '' });
    expect(log[1].query).toContain('view=card');
    expect(log[2]).toMatchObject({ blockId: 'eventi-server', api: 'search', query: 'limit=2' });
    expect(Number.isNaN(Date.parse(log[0].time))).toBe(false);
    await h.fetch('/__emulator/log', { method: 'DELETE' });
    expect((await h.json('/__emulator/log')).body).toEqual([]);
  });

  it('tells tests the dataset facts', async () => {
    const info = (await h.json('/__emulator/dataset')).body;
    expect(info.today).toBe('2025-06-10');
    expect(info.notable.eventTwoPlaces).toBe(4001);
    expect(info.blocks).toContain('eventi-server');
  });
});
