/**
 * The abuse benchmark's naive bot, run as a process of its own (so its thousands of requests do
 * not slow the process that times the honest candidates): it read the public page's script, and
 * sends creates straight to Firestore's REST API, with no page, no App Check token and no limit.
 * Each is the smallest document the rules accept (the form's fields, the status and times the
 * rules pin; none of the optional ones, the screening's signals included), with a new WhatsApp
 * number each time, named 'Robô N'. It prints one JSON line: how many the server accepted, and
 * the refusals by HTTP status and reason.
 *
 * Usage: node --import tsx bench/lib/naive-bot.ts <host:port> <project> <count> [concurrency]
 */
import { randomBytes } from 'node:crypto';
import { consentVersions } from '../../web/src/domain/consent.ts';
import { rootJobs, rootLocalities } from '../../web/src/domain/options.ts';

const [host, project, countArg, concurrencyArg] = process.argv.slice(2);
const count = Number(countArg ?? 5000);
const concurrency = Number(concurrencyArg ?? 16);
const database = `projects/${project}/databases/(default)`;
const url = `http://${host}/v1/${database}/documents:commit`;

/** A Firestore-style id, as the page would choose. */
const newId = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'x').slice(0, 20);

function body(n: number): string {
  const digits = String(10_000_000 + ((n * 7919) % 90_000_000)).slice(-8);
  const fields = {
    nome: { stringValue: `Robô ${n}` },
    whatsapp: { stringValue: `(71) 9${digits.slice(0, 4)}-${digits.slice(4)}` },
    vaga: { stringValue: rootJobs[n % rootJobs.length] },
    cidade: { stringValue: rootLocalities[n % rootLocalities.length] },
    consent_version: { stringValue: consentVersions.root.at(-1) },
    status: { stringValue: 'novo' },
    deleted_at: { nullValue: null },
  };
  return JSON.stringify({
    writes: [
      {
        update: { name: `${database}/documents/leads/${newId()}`, fields },
        updateTransforms: [{ fieldPath: 'created_at', setToServerValue: 'REQUEST_TIME' }],
        currentDocument: { exists: false },
      },
    ],
  });
}

/** The refusal's reason: the emulator says why after production's text. */
function reasonOf(status: number, text: string): string {
  const message = /"message":\s*"([^"]*)"/.exec(text)?.[1] ?? '';
  const why = message.replace(/^Missing or insufficient permissions\.\s*/, '').slice(0, 80);
  return `${status} ${why || message.slice(0, 80)}`.trim();
}

const refusals = new Map<string, number>();
let accepted = 0;
let failed = 0;
let next = 0;
const started = performance.now();

async function worker(): Promise<void> {
  while (next < count) {
    const n = next++;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(n),
      });
      const text = await response.text();
      if (response.ok) accepted++;
      else {
        const reason = reasonOf(response.status, text);
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      }
    } catch {
      failed++;
    }
  }
}

await Promise.all(Array.from({ length: concurrency }, () => worker()));
console.log(
  JSON.stringify({
    sent: count,
    accepted,
    failed,
    refusals: Object.fromEntries(refusals),
    seconds: (performance.now() - started) / 1000,
  }),
);
