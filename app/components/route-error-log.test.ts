import { UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { boundaryShouldLog } from './route-error-log';

// Issue 41, item 8: the root error boundary logged every thrown Response but a 404, so a malformed
// form post from anyone wrote a six-line block to the server log.

describe('the root error boundary', () => {
  it('logs our errors, not a client’s (a 400 or 404 thrown as a Response)', () => {
    expect(
      boundaryShouldLog(new UNSAFE_ErrorResponseImpl(400, '', 'The form could not be read')),
    ).toBe(false);
    expect(boundaryShouldLog(new UNSAFE_ErrorResponseImpl(404, 'Not Found', null))).toBe(false);
    expect(boundaryShouldLog(new UNSAFE_ErrorResponseImpl(503, '', 'busy'))).toBe(true);
    expect(boundaryShouldLog(new Error('a bug'))).toBe(true);
  });
});
