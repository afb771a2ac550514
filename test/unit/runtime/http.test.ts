// The http client's answer mapping (runtime/http/core.ts answerOf: status, status text and body →
// the value or one RequestError) and its request slots (latest()). No transport here: the
// XMLHttpRequest that carries a request is tested on the three engines against a real server
// (test/browser/http-client.test.ts), JSONP by the browser tests.
import { describe, expect, it } from 'vitest';
import { answerOf, Cancelled, isCancelled, latest, RequestError } from '../../../runtime/http/core';

const URL = 'http://portal.test/api/opendata/v2/content/search/x';
/** The RequestError an answer gives, as [status, message, kind, url]. */
const failure = (status: number, statusText: string, text: string) => {
  try {
    answerOf(status, statusText, text, URL);
  } catch (e) {
    expect(e).toBeInstanceOf(RequestError);
    const r = e as RequestError;
    return [r.status, r.message, r.kind, r.url];
  }
  throw new Error('answered');
};

describe('http answers', () => {
  it('gives the parsed body of a 2xx answer', () => {
    expect(answerOf(200, 'OK', '{"totalCount":2}', URL)).toEqual({ totalCount: 2 });
    expect(answerOf(206, 'Partial Content', '[1]', URL)).toEqual([1]);
  });

  it('normalises every API error body to {status, message}: the REST door, the module door, OpenPA, an error sent as 200', () => {
    const rest = '{"error_type":"Opencontent.QueryLanguage.Parser.Exception","error_message":"Unexpected token"}';
    expect(failure(400, 'Bad Request', rest)).toEqual([400, 'Unexpected token', 'api', URL]);
    expect(failure(400, '', '{"error_code":0,"error_message":"Class not found"}')).toEqual([400, 'Class not found', 'api', URL]);
    expect(failure(500, '', '{"error":"Block not found"}')).toEqual([500, 'Block not found', 'api', URL]);
    // a 200 carrying an error is a server error, not a result
    expect(failure(200, 'OK', '{"error_code":3,"error_message":"Api x not allowed"}')).toEqual([500, 'Api x not allowed', 'api', URL]);
    expect(failure(200, 'OK', '{"error_code":7}')).toEqual([500, 'Error 7', 'api', URL]);
  });

  it('reports other failed answers with their status and status text', () => {
    expect(failure(500, 'Internal Server Error', '<h1>oops</h1>')).toEqual([500, 'Internal Server Error', 'http', URL]);
    expect(failure(404, '', '')).toEqual([404, 'HTTP 404', 'http', URL]);
    // a JSON error body that is not the API's own shape is not its message
    expect(failure(502, 'Bad Gateway', '{"totalCount":0}')).toEqual([502, 'Bad Gateway', 'http', URL]);
  });

  it('treats invalid and empty bodies as errors, not as strings', () => {
    expect(failure(200, 'OK', '{"totalCount":')).toEqual([200, 'Invalid JSON response', 'invalid-json', URL]);
    expect(failure(200, 'OK', '')).toEqual([200, 'Empty response', 'empty', URL]);
    expect(failure(200, 'OK', '  \n')).toEqual([200, 'Empty response', 'empty', URL]);
  });
});

describe('request slots', () => {
  /** A task answering `value` after `ms`, rejecting with an AbortError when its signal aborts (whatever a task rejects with then, the slot says Cancelled). */
  const task = (value: unknown, ms: number) => (signal: AbortSignal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(value), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    });

  it('cancels the superseded request so only the last one can resolve', async () => {
    const run = latest();
    const first = run(task('first', 50));
    const second = run(task('second', 5));
    const [a, b] = await Promise.allSettled([first, second]);
    expect((a as PromiseRejectedResult).reason).toBeInstanceOf(Cancelled);
    expect(b).toEqual({ status: 'fulfilled', value: 'second' });
  });

  it('turns an answer that arrives after its slot moved on into Cancelled, and cancel() ends the current one', async () => {
    const run = latest();
    // a task that ignores its signal still cannot resolve once superseded
    const deaf = run(() => new Promise((resolve) => setTimeout(() => resolve('late'), 10)));
    void run(task('next', 1));
    await expect(deaf).rejects.toBeInstanceOf(Cancelled);
    const pending = run(task('never', 1000));
    run.cancel();
    const reason = await pending.catch((e) => e);
    expect(isCancelled(reason)).toBe(true);
  });
});
