import { HttpsError } from 'firebase-functions/https';
import { describe, expect, it, vi } from 'vitest';
import { listAdminEmails } from '../src/assignees.js';

describe('listAdminEmails', () => {
  it('gives an admin the allow-listed emails, lowercased, sorted, once each', async () => {
    const list = vi.fn(async () => ['b@x.com', 'A@x.com', 'a@x.com']);
    expect(await listAdminEmails({ uid: 'u', token: { admin: true } }, list)).toEqual({
      emails: ['a@x.com', 'b@x.com'],
    });
  });

  it.each([{}, { admin: 'true' }, { admin: 1 }])(
    'refuses a caller whose token is %o with permission-denied, reading nothing',
    async (token) => {
      const list = vi.fn(async () => ['a@x.com']);
      const error = await listAdminEmails({ uid: 'u', token }, list).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpsError);
      expect((error as HttpsError).code).toBe('permission-denied');
      expect(list).not.toHaveBeenCalled();
    },
  );
});
