import { describe, expect, test } from 'vitest';
import { ArrivalGate } from './arrival-gate';
import { aLead } from './testing/lead-samples';

const ids = (leads: { id: string }[]) => leads.map((lead) => lead.id);
/** A page's application (with its signals), before its verdict. */
const fresh = (id: string) => aLead({ id, honeypot: '', fill_seconds: 30 });
const screened = (id: string) => aLead({ id, screening: { score: 0 } });
const held = (id: string) => aLead({ id, status: 'suspeito', screening: { score: 2 } });

describe('ArrivalGate: what the panel announces', () => {
  test('an arrival waits for its verdict, then is announced once', () => {
    const gate = new ArrivalGate(15_000);
    expect(gate.arrived([fresh('a')], 0)).toEqual({ announce: [], heldChanged: false });
    expect(gate.pending).toBe(true);
    expect(ids(gate.changed([screened('a')], 300).announce)).toEqual(['a']);
    expect(gate.changed([screened('a')], 400).announce).toEqual([]);
    expect(gate.pending).toBe(false);
    // Arrived with its verdict already (a slow listener): announced at once.
    expect(ids(gate.arrived([screened('b')], 500).announce)).toEqual(['b']);
  });

  test('set aside by the server: never announced, and the held count is stale', () => {
    const gate = new ArrivalGate(15_000);
    gate.arrived([fresh('a')], 0);
    expect(gate.changed([held('a')], 200)).toEqual({ announce: [], heldChanged: true });
    expect(gate.overdue(60_000)).toEqual([]);
    // Released by an admin: counted again, still not announced.
    expect(gate.changed([screened('a')], 90_000)).toEqual({ announce: [], heldChanged: true });
  });

  test('set aside by its page: never announced', () => {
    const gate = new ArrivalGate(15_000);
    expect(gate.arrived([aLead({ id: 'a', status: 'suspeito' })], 0)).toEqual({
      announce: [],
      heldChanged: true,
    });
    expect(gate.changed([held('a')], 100).heldChanged).toBe(false);
  });

  test('a repeat merged into an earlier lead leaves before its verdict: never announced', () => {
    const gate = new ArrivalGate(15_000);
    gate.arrived([fresh('again')], 0);
    gate.gone(['again']);
    expect(gate.overdue(60_000)).toEqual([]);
    expect(gate.pending).toBe(false);
  });

  test('without a verdict (the functions down), announced after the wait', () => {
    const gate = new ArrivalGate(15_000);
    gate.arrived([fresh('a')], 1_000);
    gate.arrived([fresh('b')], 10_000);
    expect(gate.overdue(15_999)).toEqual([]);
    expect(ids(gate.overdue(16_000))).toEqual(['a']);
    expect(ids(gate.overdue(25_000))).toEqual(['b']);
    // The verdict coming later announces nothing more.
    expect(gate.changed([screened('a')], 26_000).announce).toEqual([]);
  });

  test("a script's write (no signals) or a filled honeypot is never announced for want of a verdict", () => {
    const gate = new ArrivalGate(15_000);
    gate.arrived([aLead({ id: 'bot' }), aLead({ id: 'trap', honeypot: 'x', fill_seconds: 9 })], 0);
    expect(gate.overdue(600_000)).toEqual([]);
    expect(gate.pending).toBe(true);
    // A verdict that lets it stay (an operator's import) still announces it.
    expect(ids(gate.changed([screened('bot')], 600_100).announce)).toEqual(['bot']);
  });
});
