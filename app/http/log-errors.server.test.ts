import { UNSAFE_ErrorResponseImpl } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The entry React Router calls with every request's error (~/entry.server's handleError).
import { handleError } from '~/entry.server';

// Issue 41, item 8: a malformed form post (the action throws a 400 Response) wrote a six-line
// block to the log; now one line at most. Our own errors are still logged in full.

const request = (init: RequestInit = {}) =>
  new Request('http://localhost/login?x=1', { method: 'POST', ...init });

function logged() {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const lines = () =>
    [...error.mock.calls, ...warn.mock.calls]
      .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
      .join('\n')
      .split('\n')
      .filter(Boolean);
  return { error, warn, lines };
}

afterEach(() => vi.restoreAllMocks());

describe('what a request’s error writes to the log', () => {
  it('a client’s error (a form that could not be read) is one line, without a stack', () => {
    const log = logged();
    const thrown = new UNSAFE_ErrorResponseImpl(400, '', 'The form could not be read');
    handleError!(thrown, { request: request(), params: {}, context: {} as never });
    expect(log.lines()).toEqual(['[http] 400 POST /login: The form could not be read']);
  });

  it('an aborted request writes nothing', () => {
    const log = logged();
    const controller = new AbortController();
    controller.abort();
    handleError!(new Error('aborted'), {
      request: request({ signal: controller.signal }),
      params: {},
      context: {} as never,
    });
    expect(log.lines()).toEqual([]);
  });

  it('our own error is logged in full, with its stack', () => {
    const log = logged();
    const bug = new Error('the database went away');
    handleError!(bug, { request: request(), params: {}, context: {} as never });
    expect(log.error).toHaveBeenCalledWith(bug);
    expect(log.lines().length).toBeGreaterThan(1);
  });
});
