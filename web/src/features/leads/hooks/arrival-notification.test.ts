import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@/domain/lead';
import { aLead } from '@/domain/testing/lead-samples';
import { askNotificationAccess } from '@/lib/page/desktop-notification';
import { notifyArrivals } from './arrival-notification';

/** A stand-in for the browser's Notification: records each one raised. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async (): Promise<NotificationPermission> => 'granted');
  static raised: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.raised.push(this);
  }
}

const lead = (id: string, nome: string): Lead => aLead({ id, nome });

let focused = false;
beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.raised = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  focused = false;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifyArrivals', () => {
  it('raises one notification per arrival while the panel is in the background', () => {
    const open = vi.fn();
    const ana = aLead({ id: 'a', nome: 'Ana', vaga: 'Aux Serraria', cidade: 'Joazeiro' });
    notifyArrivals([lead('b', 'Bia'), ana], open);
    const { vaga, cidade } = lead('b', 'Bia');
    expect(FakeNotification.raised.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['Novo lead: Bia', `${vaga} · ${cidade}`, 'vagas-lead-b'],
      ['Novo lead: Ana', 'Aux Serraria · Joazeiro', 'vagas-lead-a'],
    ]);
  });

  it("clicking one brings the panel forward on that lead's record and closes it", () => {
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    notifyArrivals([lead('b', 'Bia')], open);
    const [shown] = FakeNotification.raised;
    shown!.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('b');
    expect(shown!.close).toHaveBeenCalled();
  });

  it('sums up more than three arrivals in one notification that opens the list', () => {
    const open = vi.fn();
    const many = Array.from({ length: 1234 }, (_, i) => lead(String(i), `Pessoa ${i}`));
    notifyArrivals(many, open);
    expect(FakeNotification.raised).toHaveLength(1);
    expect(FakeNotification.raised[0]!.title).toBe('1.234 novos leads');
    expect(FakeNotification.raised[0]!.options.body).toBe('Pessoa 0, Pessoa 1, Pessoa 2');
    FakeNotification.raised[0]!.onclick?.();
    expect(open).toHaveBeenCalledWith(null);
  });

  it('stays quiet while the admin is looking at the panel', () => {
    focused = true;
    notifyArrivals([lead('b', 'Bia')], vi.fn());
    expect(FakeNotification.raised).toEqual([]);
  });

  it('stays quiet without the permission, and where there is no Notification API', () => {
    FakeNotification.permission = 'denied';
    notifyArrivals([lead('b', 'Bia')], vi.fn());
    FakeNotification.permission = 'default';
    notifyArrivals([lead('b', 'Bia')], vi.fn());
    expect(FakeNotification.raised).toEqual([]);
    vi.stubGlobal('Notification', undefined);
    expect(() => notifyArrivals([lead('b', 'Bia')], vi.fn())).not.toThrow();
  });
});

describe('askNotificationAccess', () => {
  it('asks the browser only when it has not been answered yet', async () => {
    FakeNotification.permission = 'default';
    await expect(askNotificationAccess()).resolves.toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    FakeNotification.permission = 'denied';
    await expect(askNotificationAccess()).resolves.toBe('denied');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    vi.stubGlobal('Notification', undefined);
    await expect(askNotificationAccess()).resolves.toBe('unsupported');
  });
});
