import { describe, expect, test } from 'vitest';
import { candidateCopyFileName, candidateCopyHtml } from './candidate-copy';
import type { CandidateData } from './candidate-data';

const data: CandidateData = {
  whatsapp: '(75) 98123-4567',
  leads: [
    {
      id: 'lead-id-a',
      data: {
        nome: 'Ana <b>Souza</b>',
        whatsapp: '(75) 98123-4567',
        vaga: 'Aux Serraria',
        cidade: 'Joazeiro',
        status: 'principal',
        created_at: '2026-06-01T12:30:00.000Z',
        deleted_at: null,
        consent_version: 'raiz-2026-11-25',
        source: { utm_source: 'facebook', fbclid: true },
        assigned_to: 'colega@vagas.test',
        search_keys: ['ana', 'souza'],
        phone_key: '75981234567',
        trash_batch: '2026-06-02T00:00:00.000Z-abc',
      },
      notes: [{ text: 'Prefere a manhã', created_at: '2026-06-02T10:00:00.000Z' }],
    },
    {
      id: 'lead-id-b',
      data: { nome: 'Ana Souza', idade: 31, tempo_experiencia: '1 a 2 anos', status: 'separado' },
      notes: [],
    },
  ],
};

/** Each application's rows (label → value) and notes, as a reader sees them. */
function read(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return {
    title: doc.querySelector('h1')?.textContent,
    sections: [...doc.querySelectorAll('section')].map((section) => ({
      heading: section.querySelector('h2')?.textContent,
      rows: Object.fromEntries(
        [...section.querySelectorAll('tr')].map((tr) => [
          tr.querySelector('th')?.textContent,
          tr.querySelector('td')?.textContent,
        ]),
      ),
      notes: [...section.querySelectorAll('li')].map((li) => li.textContent),
      empty: section.querySelector('p')?.textContent ?? null,
    })),
  };
}

describe("a candidate's copy", () => {
  test("each application under the lead table's labels, written as the panel writes it, with its notes", () => {
    const copy = read(candidateCopyHtml(data, new Date('2026-06-03T12:00:00Z')));
    expect(copy.title).toBe('Seus dados pessoais');
    const [first, second] = copy.sections;
    expect(first?.heading).toBe('Candidatura 1 de 2');
    expect(first?.rows).toEqual({
      Nome: 'Ana <b>Souza</b>',
      WhatsApp: '(75) 98123-4567',
      Vaga: 'Aux Serraria',
      Cidade: 'Joazeiro',
      Status: 'Principal',
      'Data da candidatura': expect.stringMatching(/^01\/06\/2026 \d\d:30$/),
      'Aviso aceito ao enviar':
        'Ao enviar sua candidatura, você concorda em ser contatado(a) pela equipe 8 Rural Chocadeiras. (versão raiz-2026-11-25)',
      'Como chegou à página': 'origem: facebook; link de anúncio do Facebook',
    });
    expect(first?.notes).toEqual([expect.stringMatching(/^02\/06\/2026 \d\d:00 Prefere a manhã$/)]);
    expect(second?.heading).toBe('Candidatura 2 de 2');
    expect(second?.rows).toEqual({
      Nome: 'Ana Souza',
      Idade: '31',
      Experiência: '1 a 2 anos',
      Status: 'Separado',
    });
    expect(second?.empty).toBe('Nenhuma anotação.');
  });

  test('nothing internal: no ids, keys, trash state, colleague or English field names; markup escaped', () => {
    const html = candidateCopyHtml(data);
    for (const internal of [
      'lead-id-a',
      'search_keys',
      'phone_key',
      '75981234567',
      'trash_batch',
      'deleted_at',
      'created_at',
      'assigned_to',
      'colega@vagas.test',
      '<b>',
    ]) {
      expect(html, internal).not.toContain(internal);
    }
    expect(html).toContain('Ana &lt;b&gt;Souza&lt;/b&gt;');
  });

  test('its file is named by the number, never the name', () => {
    expect(candidateCopyFileName(data)).toBe('dados_pessoais_75981234567.html');
  });
});
