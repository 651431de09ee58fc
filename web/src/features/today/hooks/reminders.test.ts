import { describe, expect, it } from 'vitest';
import type { Lead } from '@/domain/lead';
import {
  claimReminder,
  givenReminders,
  pastAtOpen,
  reminderSlackMs,
  remindersAt,
  remindersGivenKey,
} from './reminders';

const now = new Date(2026, 10, 26, 10, 0);
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const lead = (id: string, due?: Date): Lead => ({
  id,
  nome: `Lead ${id}`,
  whatsapp: '(79) 99999-0000',
  vaga: 'Aux Serraria',
  cidade: 'Joazeiro',
  status: 'novo',
  created_at: now,
  deleted_at: null,
  ...(due ? { next_step: { kind: 'retornar', due_at: due } } : {}),
});

describe('which next steps are reminded, and when', () => {
  it('a step already past when the panel opened is not reminded; one that just fell due is', () => {
    const leads = [lead('a', at(-30)), lead('b', new Date(now.getTime() - reminderSlackMs / 2))];
    const past = pastAtOpen(leads, now);
    expect([...past]).toEqual([`a@${at(-30).getTime()}`]);
    const { due } = remindersAt(leads, now, (key) => past.has(key));
    expect(due.map((item) => item.lead.id)).toEqual(['b']);
  });

  it('waits for the next one to fall due, and skips what was given', () => {
    const leads = [lead('a', at(5)), lead('b', at(2)), lead('c'), lead('d', at(-1))];
    const given = new Set([`d@${at(-1).getTime()}`]);
    expect(remindersAt(leads, now, (key) => given.has(key))).toEqual({
      due: [],
      nextInMs: 2 * 60_000,
    });
    const later = remindersAt(leads, at(3), (key) => given.has(key));
    expect(later.due.map((item) => item.lead.id)).toEqual(['b']);
    expect(later.nextInMs).toBe(2 * 60_000);
  });

  it('a step moved to another time is a new reminder', () => {
    const first = remindersAt([lead('a', at(-0.5))], now, () => false).due[0]!.key;
    const moved = remindersAt([lead('a', at(0))], now, () => false).due[0]!.key;
    expect(moved).not.toBe(first);
  });

  it('is given once across the tabs of a browser (localStorage), the oldest keys forgotten', () => {
    localStorage.clear();
    expect(claimReminder(localStorage, 'a@1')).toBe(true);
    expect(claimReminder(localStorage, 'a@1')).toBe(false);
    for (let i = 0; i < 400; i++) claimReminder(localStorage, `k@${i}`);
    const kept = givenReminders(localStorage);
    expect(kept.size).toBe(300);
    expect(kept.has('a@1')).toBe(false);
    expect(kept.has('k@399')).toBe(true);
    localStorage.setItem(remindersGivenKey, 'not json');
    expect(givenReminders(localStorage).size).toBe(0);
    expect(claimReminder(null, 'b@1')).toBe(true);
  });
});
