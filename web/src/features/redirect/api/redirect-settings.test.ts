import { afterEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ callCountRedirect: vi.fn<() => Promise<void>>() }));
vi.mock('./redirect-sdk', () => sdk);

import { countRedirectOncePerSession } from './redirect-settings';

const counted = () => sessionStorage.getItem('vagas:redirect-counted');

describe('countRedirectOncePerSession', () => {
  afterEach(() => {
    sessionStorage.clear();
    sdk.callCountRedirect.mockReset();
    vi.restoreAllMocks();
  });

  it('counts once per browser session', async () => {
    sdk.callCountRedirect.mockResolvedValue();
    await countRedirectOncePerSession();
    await countRedirectOncePerSession();
    expect(sdk.callCountRedirect).toHaveBeenCalledOnce();
    expect(counted()).toBe('1');
  });

  it('lets a later load count when the call failed while the page stayed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.callCountRedirect.mockRejectedValue(new Error('unavailable'));
    await countRedirectOncePerSession();
    expect(counted()).toBeNull();
  });

  it('keeps the session counted when the call was cut short by leaving the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.callCountRedirect.mockImplementation(async () => {
      window.dispatchEvent(new Event('pagehide'));
      throw new Error('the request was aborted');
    });
    await countRedirectOncePerSession();
    expect(counted()).toBe('1');
    await countRedirectOncePerSession();
    expect(sdk.callCountRedirect).toHaveBeenCalledOnce();
  });
});
