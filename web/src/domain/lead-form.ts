/** Form values of the two application pages, the required-field rule and the mapping to stored leads. */
import { callCenterVaga, type CallCenterLeadInput, type RootLeadInput } from './lead';
import { ageLimits } from './options';

/** An age held within 16..70, as the Idade field and the rules require. */
export function clampAge(age: number): number {
  return Math.min(ageLimits.max, Math.max(ageLimits.min, age));
}

/** What the root page's form holds. */
export interface RootFormValues {
  nome: string;
  whatsapp: string;
  vaga: string;
  cidade: string;
}

/** What the call-center page's form holds ('' while a number field is empty). */
export interface CallCenterFormValues extends RootFormValues {
  idade: number | string;
  tempo_experiencia: string;
}

export const emptyRootForm: RootFormValues = { nome: '', whatsapp: '', vaga: '', cidade: '' };

export const emptyCallCenterForm: CallCenterFormValues = {
  ...emptyRootForm,
  idade: '',
  tempo_experiencia: '',
};

const filled = (value: string | number | null | undefined): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : (value ?? '').trim() !== '';

/** Root form: nome, whatsapp, vaga and cidade are all required (spec section 5). */
export function isRootFormComplete(values: RootFormValues): boolean {
  return [values.nome, values.whatsapp, values.vaga, values.cidade].every(filled);
}

/** Call-center form: the root fields plus idade and tempo_experiencia. */
export function isCallCenterFormComplete(values: CallCenterFormValues): boolean {
  return (
    isRootFormComplete(values) &&
    filled(values.tempo_experiencia) &&
    filled(values.idade) &&
    Number.isFinite(Number(values.idade))
  );
}

/** The root page's lead fields, exactly nome, whatsapp, vaga, cidade. */
export function toRootLead(values: RootFormValues): RootLeadInput {
  return {
    nome: values.nome.trim(),
    whatsapp: values.whatsapp,
    vaga: values.vaga,
    cidade: values.cidade,
  };
}

/** The call-center lead fields; idade is an integer held within 16..70 like the input. */
export function toCallCenterLead(values: CallCenterFormValues): CallCenterLeadInput {
  return {
    ...toRootLead(values),
    vaga: callCenterVaga(values.vaga),
    idade: clampAge(Math.round(Number(values.idade))),
    tempo_experiencia: values.tempo_experiencia,
  };
}
