// The exported callables, run in-process through `.run()`: argument checks, auth checks and
// the claim read, without any emulator (no admin SDK call is reached on these paths).
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { describe, expect, it } from 'vitest';
import { countRedirect, isCurrentUserAdmin, linkAdminUser } from '../src/index.js';

function request(
  data: unknown,
  auth?: { uid: string; token: Record<string, unknown> },
): CallableRequest<unknown> {
  return {
    data,
    auth: auth && { uid: auth.uid, token: auth.token as never, rawToken: 'raw' },
    rawRequest: {} as never,
    acceptsStreaming: false,
  };
}

async function codeOf(run: () => unknown): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpsError) return error.code;
    throw error;
  }
  return undefined;
}

describe('exported callables', () => {
  it('linkAdminUser refuses an anonymous caller with unauthenticated', async () => {
    expect(await codeOf(() => linkAdminUser.run(request(null)))).toBe('unauthenticated');
  });

  it('every callable refuses arguments with invalid-argument', async () => {
    const who = { uid: 'u1', token: {} };
    expect(await codeOf(() => linkAdminUser.run(request({ admin: true }, who)))).toBe(
      'invalid-argument',
    );
    expect(await codeOf(() => isCurrentUserAdmin.run(request('x', who)))).toBe('invalid-argument');
    expect(await codeOf(() => countRedirect.run(request([1])))).toBe('invalid-argument');
  });

  it('isCurrentUserAdmin reads the admin claim of the verified token', async () => {
    await expect(
      isCurrentUserAdmin.run(request(null, { uid: 'u1', token: { admin: true } })),
    ).resolves.toBe(true);
    await expect(isCurrentUserAdmin.run(request({}, { uid: 'u1', token: {} }))).resolves.toBe(
      false,
    );
    expect(await codeOf(() => isCurrentUserAdmin.run(request(null)))).toBe('unauthenticated');
  });
});
