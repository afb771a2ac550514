// The REST door's classes route as ocopendata answers it: the route has no environment, so the
// server's view controller picks the v1 JSON view (classes/api/view_controller.php loadView →
// classes/api/views/json_v1.php), which ignores `callback` and sends no CORS header. A remote
// data table's class cannot be read through it; the emulator must not pretend otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, enc, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('REST /api/opendata/v2/classes/{identifier}', () => {
  it('answers plain JSON whatever the callback, without CORS', async () => {
    const { status, body, headers } = await h.json('/api/opendata/v2/classes/document?callback=cb123');
    expect(status).toBe(200);
    expect(body.identifier).toBe('document');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('access-control-allow-origin')).toBeNull();
  });

  it('other REST routes still answer JSONP to a callback, with CORS (their environment views)', async () => {
    const res = await h.fetch('/api/opendata/v2/content/search/' + enc('classes [document] limit 1') + '?callback=cb123');
    expect(await res.text()).toMatch(/^cb123\(/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
