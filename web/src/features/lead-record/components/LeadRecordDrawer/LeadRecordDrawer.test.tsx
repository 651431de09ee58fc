import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import { optionChoice } from '@/domain/lead-form';
import type { LeadNote, RecordLead, TimelineEntry } from '@/domain/lead-record';
import { aLead } from '@/domain/testing/lead-samples';
import { LeadRecordDrawer } from './LeadRecordDrawer';

const writes = vi.hoisted(() => ({
  setLeadStatus: vi.fn(),
  moveLeadToTrash: vi.fn(),
  restoreLead: vi.fn(),
  addNote: vi.fn(),
  editNote: vi.fn(),
  deleteNote: vi.fn(),
  recordContact: vi.fn(),
  assignLeads: vi.fn(),
  undoTrash: vi.fn(),
  setNextStep: vi.fn(),
  completeNextStep: vi.fn(),
  clearNextStep: vi.fn(),
}));
vi.mock('reactfire', () => ({
  useFirestore: () => ({ fake: 'db' }),
  useUser: () => ({ data: { uid: 'me', email: 'eu@vagas.test' } }),
}));
vi.mock('@/data/live', async () => (await import('@/data/testing/fake-live')).fakeLiveModule);
vi.mock('@/data/lead-actions', () => ({
  setLeadStatus: writes.setLeadStatus,
  moveLeadToTrash: writes.moveLeadToTrash,
  restoreLead: writes.restoreLead,
}));
vi.mock('@/data/lead-record-access', () => ({
  recordLeadRef: (_db: unknown, id: string) => `lead:${id}`,
  sameWhatsappQuery: (_db: unknown, whatsapp: string) => `same:${whatsapp}`,
  notesQuery: () => 'notes',
  timelineQuery: () => 'timeline',
  ...writes,
}));
vi.mock('@/data/message-templates', () => ({
  useMessageTemplates: () => ({
    status: 'success',
    error: null,
    data: [{ id: 't1', name: 'Primeiro contato', text: 'Olá {primeiro_nome}, vaga {vaga}!' }],
  }),
}));
vi.mock('@/data/assignees', () => ({
  useAssignableAdmins: () => ['colega@vagas.test', 'eu@vagas.test'],
}));

/** Ana's application on the call-center page, from a campaign, never contacted nor assigned. */
const lead = (overrides: Partial<RecordLead> = {}): RecordLead =>
  aLead(
    {
      id: 'L1',
      nome: 'Ana Souza',
      whatsapp: '(79) 99999-1111',
      source: { fbclid: true, utm_source: 'facebook', utm_campaign: 'julho' },
      created_at: new Date(2026, 6, 1, 9, 30),
      last_contacted_at: null,
      assigned_to: null,
      ...overrides,
    },
    'callCenter',
  );
const ana = lead();

const note = (id: string, author: string, minute: number, text: string): LeadNote => ({
  id,
  text,
  author_uid: author,
  author_email: `${author}@vagas.test`,
  created_at: new Date(2026, 6, 2, 10, minute),
  updated_at: new Date(2026, 6, 2, 10, minute),
});

function renderRecord(onClose = vi.fn(), initial?: RecordLead) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter>
        <LeadRecordDrawer leadId="L1" live={initial} onClose={onClose} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onClose;
}

function load(data: RecordLead | null = lead()) {
  act(() => {
    fakeLiveData.emit('lead:L1', data);
    fakeLiveData.emit('same:(79) 99999-1111', [
      data,
      lead({
        id: 'L0',
        vaga: 'Aux Serraria',
        deleted_at: new Date(2026, 5, 1),
        status: 'descartado',
      }),
    ]);
    fakeLiveData.emit('notes', [
      note('n2', 'me', 5, 'Atendeu, volta amanhã'),
      note('n1', 'colega', 1, 'Não atendeu'),
    ]);
    fakeLiveData.emit('timeline', [
      {
        id: 'e1',
        kind: 'status',
        at: new Date(2026, 6, 2, 11, 0),
        actor_email: 'colega@vagas.test',
        from: 'novo',
        to: 'principal',
        excerpt: null,
        due_from: null,
        due_to: null,
      } satisfies TimelineEntry,
    ]);
  });
}

/** The value next to a label of the record's description list. */
const valueOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  fakeLiveData.reset();
  Object.values(writes).forEach((fn) => fn.mockReset().mockResolvedValue(undefined));
});

describe('the lead record', () => {
  it('shows every field, the source and campaign, when it applied, and its other applications', async () => {
    renderRecord();
    expect(screen.getByLabelText('Carregando ficha...')).toBeInTheDocument();
    load();
    const dialog = await screen.findByRole('dialog', { name: 'Ficha do candidato' });
    expect(within(dialog).getByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    const details = within(dialog).getByText('Candidatou-se em').closest('dl')!;
    for (const text of [
      '(79) 99999-1111',
      ana.vaga,
      ana.cidade,
      String(ana.idade),
      ana.tempo_experiencia!,
      '01/07/2026 09:30',
      'facebook',
      'julho',
      'Sim',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    const other = within(dialog).getByRole('link', { name: /Aux Serraria/ });
    expect(other).toHaveAttribute('href', '/admin/leads/L0');
    expect(other.parentElement).toHaveTextContent('Na lixeira');
    expect(within(dialog).getByText('Nunca contatado')).toBeInTheDocument();
  });

  it('shows when an application that waited was sent from the device, and the consent version', async () => {
    renderRecord();
    load(
      lead({
        created_at: new Date(2026, 10, 25, 14, 5),
        submitted_at: new Date(2026, 10, 25, 8, 40),
        consent_version: 'raiz-2026-11-25',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ficha do candidato' });
    expect(valueOf(dialog, 'Candidatou-se em')).toBe('25/11/2026 14:05');
    expect(valueOf(dialog, 'Enviada do aparelho em')).toBe('25/11/2026 08:40');
    expect(valueOf(dialog, 'Consentimento')).toBe('raiz-2026-11-25');
  });

  it('leaves the device time out when the application was sent at once, and says when no consent was recorded', async () => {
    renderRecord();
    // A lead stored before the form recorded the consent note's version has none.
    const { consent_version: _, ...beforeConsent } = lead({
      created_at: new Date(2026, 10, 25, 14, 5),
    });
    load(beforeConsent);
    const dialog = await screen.findByRole('dialog', { name: 'Ficha do candidato' });
    expect(valueOf(dialog, 'Candidatou-se em')).toBe('25/11/2026 14:05');
    expect(within(dialog).queryByText('Enviada do aparelho em')).toBeNull();
    expect(valueOf(dialog, 'Consentimento')).toBe('Não registrado');
  });

  it("shows the page's live copy of the lead, with no listener of its own, and its own once the lead leaves the list", async () => {
    const tree = (live?: RecordLead) => (
      <MantineProvider env="test">
        <MemoryRouter>
          <LeadRecordDrawer leadId="L1" live={live} onClose={vi.fn()} />
        </MemoryRouter>
      </MantineProvider>
    );
    const { rerender } = render(tree(lead({ nome: 'Ana (da lista)' })));
    expect(await screen.findByRole('heading', { name: 'Ana (da lista)' })).toBeInTheDocument();
    // The record does not listen to the lead while the page's list holds it.
    act(() => fakeLiveData.emit('lead:L1', lead({ nome: 'Ana (do documento)' })));
    expect(screen.getByRole('heading', { name: 'Ana (da lista)' })).toBeInTheDocument();
    // Moved to the trash: out of the list. What was shown stays until the lead's own listener answers.
    fakeLiveData.reset();
    rerender(tree(undefined));
    expect(screen.getByRole('heading', { name: 'Ana (da lista)' })).toBeInTheDocument();
    act(() =>
      fakeLiveData.emit('lead:L1', lead({ nome: 'Ana Souza', deleted_at: new Date(2026, 6, 3) })),
    );
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(screen.getByText('Na lixeira')).toBeInTheDocument();
  });

  it('says so when the lead no longer exists', async () => {
    renderRecord();
    load(null);
    expect(await screen.findByText('Este lead não existe mais.')).toBeInTheDocument();
  });

  it('changes the status and trashes with Desfazer, like the row', async () => {
    const user = userEvent.setup();
    renderRecord();
    load();
    const status = await screen.findByRole('combobox', { name: 'Status de Ana Souza' });
    // Written as the list's menu writes them, not as stored.
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Novo', 'Principal', 'Separado', 'Descartado']);
    await user.selectOptions(status, 'Principal');
    expect(writes.setLeadStatus).toHaveBeenCalledWith({ fake: 'db' }, 'L1', 'principal');
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mover Ana Souza para lixeira' }));
    expect(writes.moveLeadToTrash).toHaveBeenCalledWith({ fake: 'db' }, 'L1');
    await user.click(await screen.findByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(writes.undoTrash).toHaveBeenCalledWith({ fake: 'db' }, 'L1'));
  });

  it('lists notes newest first; adds one; only the author may edit or delete', async () => {
    const user = userEvent.setup();
    renderRecord();
    load();
    const list = await screen.findByRole('list', { name: 'Anotações' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Atendeu, volta amanhã',
      'Não atendeu',
    ]);
    expect(within(items[0]!).getByRole('button', { name: /^Editar anotação/ })).toBeEnabled();
    expect(within(items[1]!).queryByRole('button', { name: /^Editar anotação/ })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: /^Excluir anotação/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Nova anotação' }), '  Ligar terça  ');
    await user.click(screen.getByRole('button', { name: 'Adicionar anotação' }));
    expect(writes.addNote).toHaveBeenCalledWith({ fake: 'db' }, 'L1', 'Ligar terça', {
      uid: 'me',
      email: 'eu@vagas.test',
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nova anotação' })).toHaveValue(''),
    );

    await user.click(within(items[0]!).getByRole('button', { name: /^Editar anotação/ }));
    const edit = screen.getByRole('textbox', { name: 'Texto da anotação' });
    await user.clear(edit);
    await user.type(edit, 'Atendeu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(writes.editNote).toHaveBeenCalledWith({ fake: 'db' }, 'L1', 'n2', 'Atendeu');

    await user.click(within(items[0]!).getByRole('button', { name: /^Excluir anotação/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir anotação' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(writes.deleteNote).toHaveBeenCalledWith({ fake: 'db' }, 'L1', 'n2'));
  });

  it('opens WhatsApp with a filled template, then offers to record the contact', async () => {
    // The job as the form lists it: without the employer's prefix.
    const job = optionChoice('vaga', ana.vaga).label;
    expect(ana.vaga).not.toBe(job);
    const user = userEvent.setup();
    renderRecord();
    load();
    await user.click(await screen.findByRole('button', { name: 'Abrir WhatsApp de Ana Souza' }));
    expect(await screen.findByRole('menuitem', { name: 'Sem mensagem' })).toHaveAttribute(
      'href',
      'https://wa.me/5579999991111',
    );
    const template = screen.getByRole('menuitem', { name: 'Primeiro contato' });
    expect(template).toHaveAttribute(
      'href',
      `https://wa.me/5579999991111?text=${encodeURIComponent(`Olá Ana, vaga ${job}!`)}`,
    );
    template.addEventListener('click', (event) => event.preventDefault());
    await user.click(template);
    const offer = await screen.findByText('Você falou com Ana Souza? Registre o contato.');
    await user.click(
      within(offer.closest('[role=status]')!).getByRole('button', { name: 'Registrar contato' }),
    );
    expect(writes.recordContact).toHaveBeenCalledWith({ fake: 'db' }, 'L1');
    expect(await screen.findByText('Contato registrado')).toBeInTheDocument();
  });

  it('assigns a responsible, or the signed-in admin with Atribuir a mim', async () => {
    const user = userEvent.setup();
    renderRecord();
    load();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Responsável por Ana Souza' }),
      'colega@vagas.test',
    );
    expect(writes.assignLeads).toHaveBeenCalledWith({ fake: 'db' }, ['L1'], 'colega@vagas.test');
    await user.click(screen.getByRole('button', { name: 'Atribuir a mim' }));
    expect(writes.assignLeads).toHaveBeenLastCalledWith({ fake: 'db' }, ['L1'], 'eu@vagas.test');
  });

  it('shows the timeline newest first with who and when, the application last', async () => {
    renderRecord();
    load();
    const timeline = await screen.findByRole('list', { name: 'Histórico' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Status alterado de Novo para Principal');
    expect(entries[0]).toHaveTextContent('por colega@vagas.test · 02/07/2026 11:00');
    expect(entries.at(-1)).toHaveTextContent('Candidatura recebida01/07/2026 09:30');
  });

  it('sets a next step; on a lead nobody is responsible for, its author becomes responsible', async () => {
    const user = userEvent.setup();
    renderRecord();
    load();
    const section = within(
      (await screen.findByRole('heading', { name: 'Próximo passo' })).closest('section')!,
    );
    expect(section.getByText('Nenhum próximo passo.')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Definir próximo passo' }));
    await user.click(section.getByRole('radio', { name: 'Entrevista em' }));
    const date = section.getByLabelText(/^Data/);
    await user.clear(date);
    await user.click(section.getByRole('button', { name: 'Salvar próximo passo' }));
    expect(await section.findByText('Informe a data e a hora.')).toBeInTheDocument();
    expect(writes.setNextStep).not.toHaveBeenCalled();
    await user.type(date, '2026-12-01');
    const time = section.getByLabelText(/^Hora/);
    await user.clear(time);
    await user.type(time, '14:30');
    await user.type(section.getByRole('textbox', { name: 'Descrição (opcional)' }), ' Trazer RG ');
    expect(
      section.getByText(
        'Ao salvar, você passa a ser o responsável por este lead e recebe o lembrete.',
      ),
    ).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Salvar próximo passo' }));
    expect(writes.setNextStep).toHaveBeenCalledWith(
      { fake: 'db' },
      'L1',
      { kind: 'entrevista', due_at: new Date(2026, 11, 1, 14, 30), text: 'Trazer RG' },
      'eu@vagas.test',
    );
    expect(await screen.findByText('Próximo passo salvo')).toBeInTheDocument();
  });

  it("shows the step, 'Atrasado' once its time passed, who is reminded; Concluir, Alterar, Remover", async () => {
    const user = userEvent.setup();
    renderRecord();
    const step = { kind: 'retornar', due_at: new Date(2026, 0, 5, 9, 0), text: 'Ligar cedo' };
    load(lead({ next_step: step, assigned_to: 'colega@vagas.test' }));
    const section = within(
      (await screen.findByRole('heading', { name: 'Próximo passo' })).closest('section')!,
    );
    expect(section.getByText('Retornar em 05/01/2026 09:00')).toBeInTheDocument();
    expect(section.getByText('Atrasado')).toBeInTheDocument();
    expect(section.getByText('Ligar cedo')).toBeInTheDocument();
    expect(section.getByText('Lembrete para colega@vagas.test (responsável).')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Concluir' }));
    expect(writes.completeNextStep).toHaveBeenCalledWith({ fake: 'db' }, 'L1');
    expect(await screen.findByText('Próximo passo concluído')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Remover' }));
    expect(writes.clearNextStep).toHaveBeenCalledWith({ fake: 'db' }, 'L1');
    // Alterar: the form with the step's values; the responsible stays who it is.
    await user.click(section.getByRole('button', { name: 'Alterar' }));
    expect(section.getByLabelText(/^Data/)).toHaveValue('2026-01-05');
    expect(section.getByLabelText(/^Hora/)).toHaveValue('09:00');
    expect(section.getByRole('radio', { name: 'Retornar em' })).toBeChecked();
    await user.click(section.getByRole('button', { name: 'Salvar próximo passo' }));
    expect(writes.setNextStep).toHaveBeenCalledWith({ fake: 'db' }, 'L1', step, undefined);
  });

  it('tells each change of the next step in the timeline, with its dates', async () => {
    renderRecord();
    load();
    const entry = (id: string, kind: TimelineEntry['kind'], parts: Partial<TimelineEntry>) => ({
      id,
      kind,
      at: new Date(2026, 6, 3, 10, Number(id)),
      actor_email: 'eu@vagas.test',
      from: null,
      to: null,
      excerpt: null,
      due_from: null,
      due_to: null,
      ...parts,
    });
    const [a, b] = [new Date(2026, 6, 4, 9, 0), new Date(2026, 6, 6, 15, 30)];
    act(() =>
      fakeLiveData.emit('timeline', [
        entry('4', 'next_step_cleared', { from: 'entrevista', due_from: b }),
        entry('3', 'next_step_done', { from: 'entrevista', due_from: b, excerpt: 'Trazer RG' }),
        entry('2', 'next_step_changed', {
          from: 'retornar',
          to: 'entrevista',
          due_from: a,
          due_to: b,
        }),
        entry('1', 'next_step_set', { to: 'retornar', due_to: a, excerpt: 'Ligar' }),
      ]),
    );
    const items = within(screen.getByRole('list', { name: 'Histórico' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Próximo passo removido: Entrevista em 06/07/2026 15:30',
      'Próximo passo concluído: Entrevista em 06/07/2026 15:30',
      'Próximo passo alterado: Entrevista em 06/07/2026 15:30 (antes: Retornar em 04/07/2026 09:00)',
      'Próximo passo: Retornar em 04/07/2026 09:00',
      'Candidatura recebida',
    ]);
    expect(items[1]).toHaveTextContent('Trazer RG');
  });

  it('Fechar closes the record', async () => {
    const user = userEvent.setup();
    const onClose = renderRecord();
    load();
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
