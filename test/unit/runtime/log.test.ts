// ctx.log: every line starts with the README's prefix; a text is written at once, a coded note once
// worded in the admin's language (here by the real messages module, as the page's chunk does).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminLog, blockPrefix } from '../../../runtime/log';
import { adminMessages } from '../../../runtime/messages';

const explainIn = (lang: 'it' | 'en') => async (what: Parameters<ReturnType<typeof adminMessages>['explain']>[0]) => adminMessages(lang).explain(what);

afterEach(() => vi.restoreAllMocks());

describe('adminLog', () => {
  it('prefixes a block\'s lines as the README says, a text at once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = adminLog(blockPrefix('datatable', 'documenti'), explainIn('it'));
    const cause = new Error('x');
    log.error('Ajax error (status 500: boom)', cause);
    expect(error).toHaveBeenCalledWith('[piazza] datatable block "documenti": Ajax error (status 500: boom)', cause);
    log.request({ status: 404, message: 'Not Found', url: '/api/x' }, 'facets');
    expect(error).toHaveBeenLastCalledWith('[piazza] datatable block "documenti": facets request failed: 404 Not Found (/api/x)');
    log.request({ status: 0, message: 'Network error' }, 'list');
    expect(error).toHaveBeenLastCalledWith('[piazza] datatable block "documenti": list request failed: - Network error');
  });

  it('words a coded note in the admin\'s language, Italian or English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    adminLog(blockPrefix('listing', 'eventi'), explainIn('it')).warn({ code: 'tabsMissing', tabs: 'geo' });
    adminLog(blockPrefix('datatable', 'documenti'), explainIn('en')).warn({ code: 'tabsMissing', tabs: 'geo' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith('[piazza] listing block "eventi": schede non disponibili in questa versione: geo');
    expect(warn).toHaveBeenCalledWith('[piazza] datatable block "documenti": tabs not available in this version: geo');
  });
});
